import CGtk

/// A `GtkCalendar` month view; days are plain (year, month, day) with month 1–12.
public final class Calendar: Widget {
    public init(accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_calendar_new()))
        setAccessibleLabel(accessibleLabel)
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
}
