/* The yardstick for start-up and memory: an empty GTK 4 window, the least a GTK app can show.
 * Quits once its first frame is painted, or with --stay keeps running (for memory and idle CPU).
 * With --countdown it keeps running and shows a label and a bar that change once a second: the
 * least a visible countdown costs, the yardstick for the Favourites tab left alone. */
#include <gtk/gtk.h>
#include <string.h>
#include "startup-log.h"

static gboolean stay = FALSE;
static gboolean countdown = FALSE;
static int seconds = 30;

static gboolean tick(gpointer box) {
    GtkWidget *label = gtk_widget_get_first_child(GTK_WIDGET(box));
    GtkWidget *bar = gtk_widget_get_next_sibling(label);
    seconds = seconds == 0 ? 30 : seconds - 1;
    char text[64];
    snprintf(text, sizeof text, "Next refresh in %d s", seconds);
    gtk_label_set_text(GTK_LABEL(label), text);
    gtk_progress_bar_set_fraction(GTK_PROGRESS_BAR(bar), seconds / 30.0);
    return G_SOURCE_CONTINUE;
}

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
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Empty");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 720);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), app);
    startup_mark("built");
    if (countdown) {
        GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        gtk_box_append(GTK_BOX(box), gtk_label_new("Next refresh in 30 s"));
        gtk_box_append(GTK_BOX(box), gtk_progress_bar_new());
        gtk_window_set_child(GTK_WINDOW(window), box);
        g_timeout_add_seconds(1, tick, box);
    }
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    startup_mark("main");
    if (argc > 1 && strcmp(argv[1], "--stay") == 0) stay = TRUE;
    if (argc > 1 && strcmp(argv[1], "--countdown") == 0) stay = countdown = TRUE;
    GtkApplication *app = gtk_application_new("io.github.tripboard.EmptyWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
