import CGtk

private let shortcutThunk: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, _, data in
    HandlerBox<Void>.call(data, ())
    return 1
}

extension Widget {
    /// Runs `handler` when `trigger` is pressed within this widget, e.g. "<Control>r" or
    /// "Return|KP_Enter" (alternatives separated by "|"). With `beforeChildren`, the widget sees the
    /// key before a focused child does (so Enter in a spin button can start a search).
    public func addShortcut(_ trigger: String, beforeChildren: Bool = false,
                            _ handler: @escaping @MainActor () -> Void) {
        let box = HandlerBox<Void>.retained { _ in handler() }
        let action = gtk_callback_action_new(shortcutThunk, box, releaseUserData)
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action)
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_event_controller_set_propagation_phase(controller, beforeChildren ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        gtk_widget_add_controller(widget, controller)
    }
}
