import CGtk

/// A `GtkCalendar` month view; days are plain (year, month, day) with month 1–12.
public final class Calendar: Widget {
    public init(accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_calendar_new()))
        setAccessibleLabel(accessibleLabel)
        nameArrows()
    }

    /// GTK 4.8 leaves the heading's four arrow buttons unnamed (read as "GtkImage"): name them,
    /// in the heading's order, with a tooltip saying the same.
    private func nameArrows() {
        guard let heading = gtk_widget_get_first_child(widget) else { return }
        var names = ["Previous month", "Next month", "Previous year", "Next year"][...]
        var child = gtk_widget_get_first_child(heading)
        while let part = child, let name = names.first {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(part).assumingMemoryBound(to: GTypeInstance.self),
                                          gtk_button_get_type()) != 0 {
                Widget.setAccessibleLabel(name, of: part)
                gtk_widget_set_tooltip_text(part, name)
                names.removeFirst()
            }
            child = gtk_widget_get_next_sibling(part)
        }
    }

    private var calendar: OpaquePointer { OpaquePointer(pointer) }

    /// The selected day.
    public var day: (year: Int, month: Int, day: Int) {
        get {
            let date = gtk_calendar_get_date(calendar)!
            defer { g_date_time_unref(date) }
            return (Int(g_date_time_get_year(date)), Int(g_date_time_get_month(date)), Int(g_date_time_get_day_of_month(date)))
        }
        set {
            guard newValue != day,
                  let date = g_date_time_new_local(Int32(newValue.year), Int32(newValue.month), Int32(newValue.day), 12, 0, 0)
            else { return }
            gtk_calendar_select_day(calendar, date)
            g_date_time_unref(date)
        }
    }

    /// Runs when the person picks a day.
    public func onDaySelected(_ handler: @escaping @MainActor () -> Void) {
        on("day-selected", handler)
    }

    /// Runs when the person moves to another month or year with the heading's arrows, which also
    /// select the same day there (GTK sends no "day-selected" for that).
    public func onPageTurned(_ handler: @escaping @MainActor () -> Void) {
        for signal in ["prev-month", "next-month", "prev-year", "next-year"] { on(signal, handler) }
    }
}
