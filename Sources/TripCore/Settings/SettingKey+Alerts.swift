extension SettingKey {
    /// The minutes a new alert starts from ("Notify me when it is [5] min away").
    public static let alertMinutes = SettingKey("alerts.minutes", caption: N_("Alert me this many minutes before"),
                                                defaultValue: "5",
                                                rule: .number(Alert.minutesRange))
    /// Whether alerts may send desktop notifications; when off, they show only in the Alerts list.
    public static let alertNotify = SettingKey("alerts.notify", caption: N_("Allow notifications"),
                                               defaultValue: AlertNotifications.on.rawValue,
                                               rule: .oneOf(values: AlertNotifications.allCases.map(\.rawValue),
                                                            titles: AlertNotifications.allCases.map(\.title)))
}

/// Whether alerts send desktop notifications.
public enum AlertNotifications: String, CaseIterable, Sendable {
    case on, off

    public var title: String { self == .on ? N_("On") : N_("Off") }
}

extension Settings {
    /// The minutes a new alert starts from.
    public var alertMinutes: Int {
        Int(value(.alertMinutes)) ?? Int(SettingKey.alertMinutes.defaultValue)!
    }

    /// Whether alerts send desktop notifications.
    public var alertsNotify: Bool {
        AlertNotifications(rawValue: value(.alertNotify)) != .off
    }
}
