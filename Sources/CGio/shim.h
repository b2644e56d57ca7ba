// GIO alone (GSettings), for what the command line and the wiring read from the desktop without GTK.
#include <gio/gio.h>
