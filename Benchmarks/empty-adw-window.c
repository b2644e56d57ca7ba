/* The libadwaita yardstick for start-up and memory: an empty AdwApplicationWindow in an
 * AdwApplication, the least a libadwaita app can show. The twin of empty-window.c, measured the
 * same way (same title, size and first-frame mark): quits once its first frame is painted, or with
 * --stay keeps running (for memory and idle CPU). Beside the plain GTK window it says what
 * libadwaita itself costs, so Tripboard's ratio can be read against like. */
#include <adwaita.h>
#include <string.h>
#include "startup-log.h"

static gboolean stay = FALSE;

static void after_paint(GdkFrameClock *clock, gpointer app) {
    g_signal_handlers_disconnect_by_func(clock, after_paint, app);
    startup_mark("frame");
    startup_write();
    if (!stay) g_application_quit(G_APPLICATION(app));
}

static void on_realize(GtkWidget *window, gpointer app) {
    GdkFrameClock *clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(window)));
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Empty");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 720);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), app);
    startup_mark("built");
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    startup_mark("main");
    if (argc > 1 && strcmp(argv[1], "--stay") == 0) stay = TRUE;
    AdwApplication *app = adw_application_new("io.github.tripboard.EmptyAdwWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
