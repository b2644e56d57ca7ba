#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "on-demand.h"

void *on_demand_open(const char *file, const char *purpose) {
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "tripboard: %s needs %s, which could not be loaded: %s\n", purpose, file, dlerror());
        abort();
    }
    return library;
}

void *on_demand_find(void *library, const char *file, const char *name) {
    void *function = dlsym(library, name);
    if (function == NULL) {
        fprintf(stderr, "tripboard: the %s found has no %s (%s): it is too old\n", file, name, dlerror());
        abort();
    }
    return function;
}
