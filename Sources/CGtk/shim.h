// What Swift cannot import from GTK: macros and C variadics. Declarations and one-line
// forwards only; no logic lives here.
#pragma once
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>

// libdispatch's main-queue hooks, the ones CoreFoundation's run loop uses: an eventfd that
// becomes readable when main-queue work is pending, and the function that drains that work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline GType tripgtk_type_object(void) { return G_TYPE_OBJECT; }

static inline void tripgtk_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void tripgtk_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void tripgtk_signal_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

static inline GType tripgtk_type_string(void) { return G_TYPE_STRING; }

// A box whose accessible role is "status" (set only at construction): assistive technologies
// announce changes to the text inside it.
static inline GtkWidget *tripgtk_status_box_new(GtkOrientation orientation, int spacing) {
    return g_object_new(GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS,
                        "orientation", orientation, "spacing", spacing, NULL);
}

// A drawing area with the accessible role given (set only at construction): "progress bar" for
// a bar drawn rather than laid out, "presentation" for a drawing whose words are beside it.
static inline GtkWidget *tripgtk_drawing_area_new(GtkAccessibleRole role) {
    return g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL);
}

static inline void tripgtk_accessible_set_range(GtkAccessible *accessible, double min, double max, double now) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, min,
                                   GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, max, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, now, -1);
}

// A label whose accessible role is "heading" (set only at construction).
static inline GtkWidget *tripgtk_heading_label_new(void) {
    return g_object_new(GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING, NULL);
}


// A widget class's own measure, allocation and request mode (class vfuncs, reached by a macro):
// for a layout manager of ours that lets a widget answer some questions as its class does.
static inline void tripgtk_widget_class_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                                int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
    GTK_WIDGET_GET_CLASS(widget)->measure(widget, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static inline void tripgtk_widget_class_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    GTK_WIDGET_GET_CLASS(widget)->size_allocate(widget, width, height, baseline);
}

static inline GtkSizeRequestMode tripgtk_widget_class_request_mode(GtkWidget *widget) {
    return GTK_WIDGET_GET_CLASS(widget)->get_request_mode(widget);
}
