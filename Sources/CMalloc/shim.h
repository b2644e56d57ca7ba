// glibc's malloc tuning (mallopt, malloc_trim): <malloc.h> is not part of Swift's Glibc module.
#include <malloc.h>
