// libcurl, loaded when URLSession first calls it (curl-on-demand.c).
#pragma once
#include <stdbool.h>

/// Whether libcurl has been loaded: a request to a live service has been made.
bool curl_on_demand_is_loaded(void);
