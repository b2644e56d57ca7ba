/// The language the window and the command line speak: the desktop's (`LANGUAGE`, `LC_MESSAGES`,
/// `LANG`), or one the person chose in Settings, which takes effect at the next start (the words
/// are chosen once, before anything is shown).
public enum InterfaceLanguage: String, CaseIterable, Sendable {
    case system
    case english = "en"
    case french = "fr"

    /// Each language's name in its own words, as a person looking for theirs reads it.
    public var title: String {
        switch self {
        case .system: N_("Follow the system")
        case .english: "English"
        case .french: "Français"
        }
    }
}

extension SettingKey {
    public static let language = SettingKey("language", caption: N_("Language"), defaultValue: InterfaceLanguage.system.rawValue,
                                            rule: .oneOf(values: InterfaceLanguage.allCases.map(\.rawValue),
                                                         titles: InterfaceLanguage.allCases.map(\.title)))
}

extension Settings {
    /// What `key` is when nothing is saved and no variable says otherwise: its default, except
    /// that the language of city and station names follows the interface's where the service
    /// offers it.
    public func defaultValue(_ key: SettingKey) -> String {
        guard key == .searchLanguage else { return key.defaultValue }
        let spoken = interfaceLanguage.prefix { $0 != "_" && $0 != "-" }
        return DepartureQuery.languages.first { $0.code == spoken }?.code ?? key.defaultValue
    }

    /// What is kept for a checked value: nothing for empty text or the default in force, so the
    /// setting follows the default.
    public func stored(_ key: SettingKey, _ checked: String) -> String? {
        checked.isEmpty || checked == defaultValue(key) ? nil : checked
    }
}
