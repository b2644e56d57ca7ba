// libshumate, loaded the first time Tripboard makes a map instead of when it starts: when the
// Favourites tab is first shown (Add Stop makes its map, unshown, with the tab) or a trip's
// details first show their map.
//
// Linked as usual, libshumate and the 11 libraries only it brings (libsoup, Kerberos, GSSAPI,
// nghttp2, PSL, IDN, libunistring…) are loaded, relocated and started before `main` at every
// launch, the window's and every command's, though a launch on Deals or Search makes no map. Each of the
// libshumate functions Tripboard calls is defined here instead: the first call loads libshumate
// (`dlopen`, on the main thread, where GTK widgets are made) and every call goes on to its own.
// Nothing in the binary then binds to libshumate, and the Makefile takes it off the libraries the
// binary names (RELEASE_TRIPBOARD). A debug build names it and exports these functions; the
// forwarding still reaches libshumate's own, found in the library itself.
//
// Each definition is checked against libshumate's header, which declares every one of them: a
// parameter list that differs from libshumate's does not compile.

#include <shumate/shumate.h>
#include "on-demand.h"

// The functions that return a value: F(returned type, name, parameters, arguments).
#define RETURNING(F)                                                                                           \
    F(GType, shumate_data_source_get_type, (void), ())                                                         \
    F(ShumateCoordinate *, shumate_coordinate_new_full, (double latitude, double longitude), (latitude, longitude)) \
    F(const char *, shumate_license_get_extra_text, (ShumateLicense *license), (license))                      \
    F(ShumateLicense *, shumate_license_new, (void), ())                                                       \
    F(double, shumate_location_get_latitude, (ShumateLocation *location), (location))                          \
    F(double, shumate_location_get_longitude, (ShumateLocation *location), (location))                         \
    F(ShumateViewport *, shumate_map_get_viewport, (ShumateMap *map), (map))                                   \
    F(ShumateMapLayer *, shumate_map_layer_new, (ShumateMapSource *source, ShumateViewport *viewport),         \
      (source, viewport))                                                                                      \
    F(ShumateMap *, shumate_map_new, (void), ())                                                               \
    F(const char *, shumate_map_source_get_id, (ShumateMapSource *source), (source))                           \
    F(const char *, shumate_map_source_get_license, (ShumateMapSource *source), (source))                      \
    F(guint, shumate_map_source_get_max_zoom_level, (ShumateMapSource *source), (source))                      \
    F(double, shumate_map_source_get_meters_per_pixel,                                                         \
      (ShumateMapSource *source, double zoom_level, double latitude, double longitude),                       \
      (source, zoom_level, latitude, longitude))                                                               \
    F(guint, shumate_map_source_get_min_zoom_level, (ShumateMapSource *source), (source))                      \
    F(guint, shumate_map_source_get_tile_size, (ShumateMapSource *source), (source))                           \
    F(GList *, shumate_marker_layer_get_markers, (ShumateMarkerLayer *layer), (layer))                         \
    F(ShumateMarkerLayer *, shumate_marker_layer_new, (ShumateViewport *viewport), (viewport))                 \
    F(ShumateMarker *, shumate_marker_new, (void), ())                                                         \
    F(gboolean, shumate_path_layer_get_closed, (ShumatePathLayer *layer), (layer))                             \
    F(GList *, shumate_path_layer_get_nodes, (ShumatePathLayer *layer), (layer))                               \
    F(ShumatePathLayer *, shumate_path_layer_new, (ShumateViewport *viewport), (viewport))                     \
    F(ShumateRasterRenderer *, shumate_raster_renderer_new_full,                                               \
      (const char *id, const char *name, const char *license, const char *license_uri, guint min_zoom,         \
       guint max_zoom, guint tile_size, ShumateMapProjection projection, ShumateDataSource *data_source),      \
      (id, name, license, license_uri, min_zoom, max_zoom, tile_size, projection, data_source))                \
    F(ShumateRasterRenderer *, shumate_raster_renderer_new_full_from_url,                                      \
      (const char *id, const char *name, const char *license, const char *license_uri, guint min_zoom,         \
       guint max_zoom, guint tile_size, ShumateMapProjection projection, const char *url_template),            \
      (id, name, license, license_uri, min_zoom, max_zoom, tile_size, projection, url_template))               \
    F(guint, shumate_viewport_get_max_zoom_level, (ShumateViewport *viewport), (viewport))                     \
    F(guint, shumate_viewport_get_min_zoom_level, (ShumateViewport *viewport), (viewport))                     \
    F(double, shumate_viewport_get_zoom_level, (ShumateViewport *viewport), (viewport))

// The functions that return nothing.
#define RETURNING_NOTHING(F)                                                                                   \
    F(void, shumate_license_append_map_source, (ShumateLicense *license, ShumateMapSource *source),            \
      (license, source))                                                                                       \
    F(void, shumate_license_remove_map_source, (ShumateLicense *license, ShumateMapSource *source),            \
      (license, source))                                                                                       \
    F(void, shumate_license_set_extra_text, (ShumateLicense *license, const char *text), (license, text))      \
    F(void, shumate_location_set_location, (ShumateLocation *location, double latitude, double longitude),     \
      (location, latitude, longitude))                                                                         \
    F(void, shumate_map_add_layer, (ShumateMap *map, ShumateLayer *layer), (map, layer))                       \
    F(void, shumate_map_center_on, (ShumateMap *map, double latitude, double longitude),                       \
      (map, latitude, longitude))                                                                              \
    F(void, shumate_map_go_to_full_with_duration,                                                              \
      (ShumateMap *map, double latitude, double longitude, double zoom_level, guint duration_ms),             \
      (map, latitude, longitude, zoom_level, duration_ms))                                                     \
    F(void, shumate_map_insert_layer_above, (ShumateMap *map, ShumateLayer *layer, ShumateLayer *next),        \
      (map, layer, next))                                                                                      \
    F(void, shumate_map_remove_layer, (ShumateMap *map, ShumateLayer *layer), (map, layer))                    \
    F(void, shumate_map_stop_go_to, (ShumateMap *map), (map))                                                  \
    F(void, shumate_marker_layer_add_marker, (ShumateMarkerLayer *layer, ShumateMarker *marker),               \
      (layer, marker))                                                                                         \
    F(void, shumate_marker_layer_remove_marker, (ShumateMarkerLayer *layer, ShumateMarker *marker),            \
      (layer, marker))                                                                                         \
    F(void, shumate_marker_set_child, (ShumateMarker *marker, GtkWidget *child), (marker, child))              \
    F(void, shumate_path_layer_add_node, (ShumatePathLayer *layer, ShumateLocation *location), (layer, location)) \
    F(void, shumate_path_layer_remove_all, (ShumatePathLayer *layer), (layer))                                 \
    F(void, shumate_path_layer_set_closed, (ShumatePathLayer *layer, gboolean value), (layer, value))          \
    F(void, shumate_path_layer_set_fill, (ShumatePathLayer *layer, gboolean value), (layer, value))            \
    F(void, shumate_path_layer_set_fill_color, (ShumatePathLayer *layer, const GdkRGBA *color), (layer, color)) \
    F(void, shumate_path_layer_set_outline_color, (ShumatePathLayer *layer, const GdkRGBA *color),             \
      (layer, color))                                                                                          \
    F(void, shumate_path_layer_set_outline_width, (ShumatePathLayer *layer, double value), (layer, value))     \
    F(void, shumate_path_layer_set_stroke_color, (ShumatePathLayer *layer, const GdkRGBA *color),              \
      (layer, color))                                                                                          \
    F(void, shumate_path_layer_set_stroke_width, (ShumatePathLayer *layer, double value), (layer, value))      \
    F(void, shumate_viewport_location_to_widget_coords,                                                        \
      (ShumateViewport *viewport, GtkWidget *widget, double latitude, double longitude, double *x, double *y), \
      (viewport, widget, latitude, longitude, x, y))                                                           \
    F(void, shumate_viewport_set_max_zoom_level, (ShumateViewport *viewport, guint level), (viewport, level))  \
    F(void, shumate_viewport_set_min_zoom_level, (ShumateViewport *viewport, guint level), (viewport, level))  \
    F(void, shumate_viewport_set_reference_map_source, (ShumateViewport *viewport, ShumateMapSource *source),  \
      (viewport, source))                                                                                      \
    F(void, shumate_viewport_set_zoom_level, (ShumateViewport *viewport, double level), (viewport, level))     \
    F(void, shumate_viewport_widget_coords_to_location,                                                        \
      (ShumateViewport *viewport, GtkWidget *widget, double x, double y, double *latitude, double *longitude), \
      (viewport, widget, x, y, latitude, longitude))

// libshumate's own functions, found once.
static struct {
#define FIELD(type, name, parameters, arguments) type (*name) parameters;
    RETURNING(FIELD)
    RETURNING_NOTHING(FIELD)
#undef FIELD
} real;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

/// Loads libshumate and finds its functions. Without them no map can be made, and GTK cannot be
/// told so (on_demand_open and on_demand_find say so, and stop).
static void load(void) {
    void *library = on_demand_open("libshumate-1.0.so.1", "the map");
#define FIND(type, name, ...) *(void **)&real.name = on_demand_find(library, "libshumate-1.0.so.1", #name);
    RETURNING(FIND)
    RETURNING_NOTHING(FIND)
#undef FIND
}

RETURNING(ON_DEMAND_FORWARD)
RETURNING_NOTHING(ON_DEMAND_FORWARD_NOTHING)
