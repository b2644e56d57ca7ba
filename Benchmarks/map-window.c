/* The yardstick for panning the map: a plain ShumateMap in a window of its own, WIDTH × HEIGHT
 * pixels, centred on LATITUDE, LONGITUDE at ZOOM, with a reference source that has no tiles (as
 * Tripboard's map has in demo mode), and, given a file of "latitude longitude label" lines, a
 * plain GtkButton marker for each (no style of Tripboard's). It pans the way Tripboard's bench pan
 * does (FrameLog.swift's MapPan; change both together): STILL frames with the pins drawn, then
 * the centre moves SPEED pixels a frame round a circle of PERIOD frames, WARM_UP frames not
 * measured, then MEASURED frames. Prints two lines, milliseconds a measured frame: "intervals"
 * (between frames on the GdkFrameClock, gdk_frame_clock_get_frame_time) and "work" (from
 * "before-paint" to "after-paint"), then quits.
 *   map-window WIDTH HEIGHT LATITUDE LONGITUDE ZOOM [PINS-FILE] */
#include <math.h>
#include <shumate/shumate.h>
#include <stdio.h>
#include <stdlib.h>

#define STILL 10
#define WARM_UP 60
#define MEASURED 600
#define PERIOD 120
#define SPEED 4.0

static int width, height;
static double latitude, longitude, zoom;
static const char *pins_file = NULL;
static ShumateMap *map = NULL;
static int frame = -1; /* -1 until the map has its size and its pins */
static gint64 started = 0, last_frame_time = 0;
static double intervals[MEASURED], work[MEASURED];
static int measured = 0;

static void add_pins(ShumateViewport *viewport) {
    FILE *file = fopen(pins_file, "r");
    if (file == NULL) {
        perror(pins_file);
        exit(1);
    }
    ShumateMarkerLayer *layer = shumate_marker_layer_new(viewport);
    double lat, lon;
    char label[64];
    while (fscanf(file, "%lf %lf %63s", &lat, &lon, label) == 3) {
        ShumateMarker *marker = shumate_marker_new();
        GtkWidget *button = gtk_button_new_with_label(label);
        gtk_widget_add_css_class(button, "map-pin");
        shumate_marker_set_child(marker, button);
        shumate_location_set_location(SHUMATE_LOCATION(marker), lat, lon);
        shumate_marker_layer_add_marker(layer, marker);
    }
    fclose(file);
    shumate_map_add_layer(map, SHUMATE_LAYER(layer));
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    ShumateViewport *viewport = shumate_map_get_viewport(map);
    if (frame < 0) {
        if (gtk_widget_get_width(widget) == 0) return G_SOURCE_CONTINUE;
        shumate_map_go_to_full_with_duration(map, latitude, longitude, zoom, 0);
        if (pins_file != NULL) add_pins(viewport);
        frame = 0;
        return G_SOURCE_CONTINUE;
    }
    if (frame >= STILL + WARM_UP + MEASURED) return G_SOURCE_REMOVE;
    frame++;
    int moving = frame - STILL;
    if (moving <= 0) return G_SOURCE_CONTINUE;
    double angle = 2 * G_PI * moving / PERIOD, lat, lon;
    shumate_viewport_widget_coords_to_location(viewport, widget, gtk_widget_get_width(widget) / 2.0 + SPEED * cos(angle),
                                               gtk_widget_get_height(widget) / 2.0 + SPEED * sin(angle), &lat, &lon);
    shumate_map_center_on(map, lat, lon);
    return G_SOURCE_CONTINUE;
}

static void before_paint(GdkFrameClock *clock, gpointer data) { started = g_get_monotonic_time(); }

static void after_paint(GdkFrameClock *clock, gpointer app) {
    if (started == 0) return;
    gint64 now = g_get_monotonic_time(), frame_time = gdk_frame_clock_get_frame_time(clock);
    if (frame > STILL + WARM_UP && measured < MEASURED && last_frame_time != 0) {
        intervals[measured] = (frame_time - last_frame_time) / 1000.0;
        work[measured] = (now - started) / 1000.0;
        if (++measured == MEASURED) {
            printf("intervals");
            for (int i = 0; i < MEASURED; i++) printf(" %.3f", intervals[i]);
            printf("\nwork");
            for (int i = 0; i < MEASURED; i++) printf(" %.3f", work[i]);
            printf("\n");
            g_application_quit(G_APPLICATION(app));
        }
    }
    started = 0;
    last_frame_time = frame_time;
}

static void on_realize(GtkWidget *window, gpointer app) {
    GdkFrameClock *clock = gdk_surface_get_frame_clock(gtk_native_get_surface(GTK_NATIVE(window)));
    g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), app);
}

static void activate(GtkApplication *app, gpointer data) {
    /* The reference source with no tiles: an empty subclass of the abstract data source behind
     * a raster renderer that no tile layer uses, as Tripboard's MapSource.noTiles(). */
    GType no_tiles = g_type_register_static_simple(SHUMATE_TYPE_DATA_SOURCE, "BenchNoTiles", sizeof(ShumateDataSourceClass),
                                                   NULL, sizeof(ShumateDataSource), NULL, 0);
    ShumateDataSource *source = g_object_new(no_tiles, NULL);
    ShumateRasterRenderer *reference = shumate_raster_renderer_new_full(
        "no-tiles", "No tiles", NULL, NULL, 0, 19, 256, SHUMATE_MAP_PROJECTION_MERCATOR, source);
    g_object_unref(source);
    map = shumate_map_new();
    shumate_viewport_set_reference_map_source(shumate_map_get_viewport(map), SHUMATE_MAP_SOURCE(reference));
    gtk_widget_set_size_request(GTK_WIDGET(map), width, height);
    gtk_widget_add_tick_callback(GTK_WIDGET(map), tick, NULL, NULL);

    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Map");
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(map));
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT LATITUDE LONGITUDE ZOOM [PINS-FILE]\n", argv[0]);
        return 2;
    }
    width = atoi(argv[1]);
    height = atoi(argv[2]);
    latitude = atof(argv[3]);
    longitude = atof(argv[4]);
    zoom = atof(argv[5]);
    if (argc > 6) pins_file = argv[6];
    GtkApplication *app = gtk_application_new("io.github.tripboard.MapWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
