// GNU gettext as glibc carries it (no library to link), and setlocale: <libintl.h> is not part of
// Swift's Glibc module.
#include <libintl.h>
#include <locale.h>
