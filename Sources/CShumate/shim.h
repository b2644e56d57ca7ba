// libshumate's headers, on top of GTK's (which CGtk imports). Declarations only; no logic lives here.
#pragma once
#include <shumate/shumate.h>
