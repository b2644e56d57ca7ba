// The one way Tripboard loads a library with the first call of one of its functions instead of
// when it starts (CCurlOnDemand: libcurl; CShumateOnDemand: libshumate). A file using it defines
// `real` (a struct with a pointer for each function), `loading` (a pthread_once_t) and `load`
// (opening the library and finding each function), then defines each function with
// ON_DEMAND_FORWARD or ON_DEMAND_FORWARD_NOTHING.
#pragma once
#include <pthread.h>

/// Opens `file` (dlopen, its symbols kept to itself); when it cannot, says that `purpose` needs
/// it and stops: the caller has no way to say it otherwise.
void *on_demand_open(const char *file, const char *purpose);

/// The function `name` of `library` (opened from `file`); when it has none, says so and stops.
void *on_demand_find(void *library, const char *file, const char *name);

/// Defines `name` to load the library once, then call the library's own.
#define ON_DEMAND_FORWARD(type, name, parameters, arguments) \
    type name parameters {                                   \
        pthread_once(&loading, load);                        \
        return real.name arguments;                          \
    }

/// The same for a function that returns nothing.
#define ON_DEMAND_FORWARD_NOTHING(type, name, parameters, arguments) \
    void name parameters {                                           \
        pthread_once(&loading, load);                                \
        real.name arguments;                                         \
    }
