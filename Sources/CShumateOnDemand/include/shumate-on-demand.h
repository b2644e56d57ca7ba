// libshumate, loaded when the map is first made instead of when Tripboard starts
// (shumate-on-demand.c says how).
#pragma once
#include <stdbool.h>

/// Whether libshumate has been loaded by one of the functions defined here. (In a debug build the
/// library is loaded from the start, as one the binary names, whatever this says.)
bool shumate_on_demand_is_loaded(void);
