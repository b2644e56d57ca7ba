// GDK's X11 backend and cairo's Xlib surfaces, apart from CGtk: Xlib's names (Window, Display,
// Status) would otherwise reach every user of Gtk. Imported by one file of Gtk, internally.
// Declarations and one-line forwards only; no logic lives here.
#pragma once
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>

static inline gboolean tripgdk_is_x11_display(GdkDisplay *display) { return GDK_IS_X11_DISPLAY(display); }
