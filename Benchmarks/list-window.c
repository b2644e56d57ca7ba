/* The yardstick for scrolling: 10,000 rows shaped like Tripboard's departures (seven labels in
 * boxes, the same texts' lengths) in a plain GtkListView, scrolled from top to bottom a screenful
 * a frame. Prints each frame's time on the GdkFrameClock, from "before-paint" to "after-paint",
 * in milliseconds on one line, then quits. */
#include <gtk/gtk.h>
#include <stdio.h>

#define ROWS 10000

static gint64 started = 0;
static GArray *frames = NULL;
static gboolean scrolling = FALSE;
static GtkWidget *scroller = NULL;

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 16);
    GtkWidget *times = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *middle = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *money = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_hexpand(middle, TRUE);
    gtk_widget_set_size_request(times, 150, -1);
    for (int i = 0; i < 2; i++) {
        GtkWidget *when = gtk_label_new(""), *what = gtk_label_new(""), *cost = gtk_label_new("");
        gtk_label_set_xalign(GTK_LABEL(when), 0);
        gtk_label_set_xalign(GTK_LABEL(what), 0);
        gtk_label_set_ellipsize(GTK_LABEL(what), PANGO_ELLIPSIZE_END);
        gtk_label_set_xalign(GTK_LABEL(cost), 1);
        if (i == 1) {
            gtk_widget_add_css_class(when, "dim-label");
            gtk_widget_add_css_class(what, "dim-label");
            gtk_widget_add_css_class(cost, "dim-label");
        }
        gtk_box_append(GTK_BOX(times), when);
        gtk_box_append(GTK_BOX(middle), what);
        gtk_box_append(GTK_BOX(money), cost);
    }
    gtk_widget_set_valign(times, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(middle, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(money, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(row), times);
    gtk_box_append(GTK_BOX(row), middle);
    gtk_box_append(GTK_BOX(row), money);
    gtk_widget_set_margin_top(row, 8);
    gtk_widget_set_margin_bottom(row, 8);
    gtk_widget_set_margin_start(row, 12);
    gtk_widget_set_margin_end(row, 12);
    gtk_list_item_set_child(item, row);
}

static void set(GtkWidget *box, int index, const char *text) {
    GtkWidget *label = gtk_widget_get_first_child(box);
    while (index-- > 0) label = gtk_widget_get_next_sibling(label);
    gtk_label_set_text(GTK_LABEL(label), text);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    guint n = gtk_list_item_get_position(item);
    GtkWidget *row = gtk_list_item_get_child(item);
    GtkWidget *times = gtk_widget_get_first_child(row);
    GtkWidget *middle = gtk_widget_get_next_sibling(times);
    GtkWidget *money = gtk_widget_get_next_sibling(middle);
    char text[200];
    int minutes = (n * 7) % (18 * 60);
    snprintf(text, sizeof text, "%02d:%02d → %02d:%02d", 5 + minutes / 60, minutes % 60, (13 + minutes / 60) % 24, minutes % 60);
    set(times, 0, text);
    set(times, 1, "8 h 00 min");
    snprintf(text, sizeof text, "Station %u → Station %u", n % 3 * 2, n % 3 * 2 + 1);
    set(middle, 0, text);
    snprintf(text, sizeof text, "Coach Line %u · Wi-Fi · Toilet · Air conditioning · Power outlets", n % 7);
    set(middle, 1, text);
    snprintf(text, sizeof text, "US$%u.%02u", 50 + (n * 37) % 90, n % 100);
    set(money, 0, text);
    snprintf(text, sizeof text, "%u seats left", n % 50);
    set(money, 1, text);
    snprintf(text, sizeof text, "Departs at row %u, a sentence as long as a departure's", n);
    gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void before_paint(GdkFrameClock *clock, gpointer data) { started = g_get_monotonic_time(); }

static void after_paint(GdkFrameClock *clock, gpointer app) {
    if (!scrolling || started == 0) return;
    double ms = (g_get_monotonic_time() - started) / 1000.0;
    g_array_append_val(frames, ms);
    started = 0;
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer app) {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    double page = gtk_adjustment_get_page_size(adjustment);
    double end = gtk_adjustment_get_upper(adjustment) - page;
    double value = gtk_adjustment_get_value(adjustment);
    if (value >= end) {
        for (guint i = 0; i < frames->len; i++) printf("%s%.3f", i ? " " : "", g_array_index(frames, double, i));
        printf("\n");
        fflush(stdout);
        g_application_quit(G_APPLICATION(app));
        return G_SOURCE_REMOVE;
    }
    gtk_adjustment_set_value(adjustment, MIN(end, value + page));
    return G_SOURCE_CONTINUE;
}

static gboolean start(gpointer app) {
    scrolling = TRUE;
    gtk_widget_add_tick_callback(scroller, tick, app, NULL);
    return G_SOURCE_REMOVE;
}

static void on_realize(GtkWidget *window, gpointer app) {
    GdkFrameClock *clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(window)));
    g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), app);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
    g_timeout_add(1000, start, app);
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "List");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 720);
    GtkStringList *items = gtk_string_list_new(NULL);
    for (int i = 0; i < ROWS; i++) gtk_string_list_append(items, "");
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(items))), factory);
    scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *form = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_size_request(form, -1, 150);
    gtk_box_append(GTK_BOX(page), form);
    gtk_box_append(GTK_BOX(page), scroller);
    gtk_window_set_child(GTK_WINDOW(window), page);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    frames = g_array_new(FALSE, FALSE, sizeof(double));
    GtkApplication *app = gtk_application_new("io.github.tripboard.ListWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
