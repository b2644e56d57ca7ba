import Gtk
import TripCore
import TripViewModels

/// The Settings tab. Every control applies at once: choices when made, typed text once typing
/// pauses (or on Enter). A value that cannot be kept shows why beside its field and is not saved.
@MainActor
final class SettingsPage {
    let root: ScrolledWindow
    private let model: SettingsViewModel
    private let noticeBar: NoticeBar
    private var choices: [SettingKey: (dropDown: DropDown, values: [String])] = [:]
    private var spins: [SettingKey: SpinButton] = [:]
    private var fields: [SettingKey: Entry] = [:]
    private var problems: [SettingKey: Label] = [:]
    private var tests: [ServiceID: (button: Button, spinner: Spinner, cancel: Button, result: Label)] = [:]
    private var environmentNotes: [ServiceID: Label] = [:]
    private var securityNotes: [ServiceID: Label] = [:]
    private let clearCache = Button(label: "Clear cache")
    /// Set while `render` puts the model's values in the controls, so that is not taken for a change.
    private var isRendering = false

    init(model: SettingsViewModel) {
        self.model = model
        noticeBar = NoticeBar(button: "Dismiss", style: "notice") { [weak model] in model?.dismissNotice() }
        let page = Box(.vertical, spacing: 24)
        page.setMargins(top: 16, bottom: 24, start: 24, end: 24)
        page.setSizeRequest(width: 760, height: -1)
        page.halign = .center
        root = ScrolledWindow(Box(.vertical, spacing: 0, [noticeBar.root, page]))
        root.setAccessibleLabel("Settings")

        for service in model.services { page.append(serviceSection(service)) }
        page.append(section("Search defaults", [SettingKey.searchOrigin, .searchDestination, .searchAdults, .searchChildren,
                                                .searchSeniors, .searchCurrency, .searchLanguage].map {
            control($0, accessibleLabel: "Default \($0.caption.lowercased())")
        }))
        page.append(section("Favourites", [control(.refreshSeconds)]))
        page.append(section("Network", [control(.timeLimitSeconds)]))
        page.append(section("Display", [control(.clock), control(.appearance)]))
        page.append(storageSection())

        root.onMap { [weak model] in model?.measureCache() }
        observe { [weak self] in self?.render() }
    }

    // MARK: - Building

    /// The control `key`'s rule calls for: a drop-down for a choice, a spin button for a number,
    /// a text field for anything else.
    private func control(_ key: SettingKey, caption: String? = nil, accessibleLabel: String? = nil,
                         after: [Widget] = []) -> Widget {
        let caption = caption ?? key.caption
        let name = accessibleLabel ?? caption
        switch key.rule {
        case .source:
            return choice(key, caption, values: DataSource.allCases.map(\.rawValue), titles: DataSource.allCases.map(\.title),
                          accessibleLabel: name, after: after)
        case .city:
            return choice(key, caption, values: KnownCities.all.map(\.geohash), titles: KnownCities.all.map(\.name),
                          accessibleLabel: name, after: after)
        case .oneOf(let values, let titles):
            return choice(key, caption, values: values, titles: titles, accessibleLabel: name, after: after)
        case .number(let range):
            return spin(key, caption, range: range, accessibleLabel: name)
        case .webAddress, .pictureTemplate, .credential:
            return field(key, caption, placeholder: key.placeholder, accessibleLabel: name)
        }
    }

    private func section(_ title: String, _ rows: [Widget]) -> Widget {
        let heading = Label(title)
        heading.addCSSClass("heading")
        heading.xalign = 0
        return Box(.vertical, spacing: 8, [heading] + rows)
    }

    /// A caption, the control, anything after it, and the line where a problem with it shows.
    private func row(_ caption: String, _ control: Widget, key: SettingKey?, after: [Widget] = []) -> Widget {
        let label = Label(caption)
        label.xalign = 0
        label.setSizeRequest(width: 200, height: -1)
        let line = Box(.horizontal, spacing: 8, [label, control] + after)
        guard let key else { return line }
        let problem = Label()
        problem.addCSSClass("error")
        problem.xalign = 0
        problem.wraps = true
        problem.isVisible = false
        problem.setMargins(top: 0, bottom: 0, start: 208, end: 0)
        problems[key] = problem
        return Box(.vertical, spacing: 4, [line, problem])
    }

    private func choice(_ key: SettingKey, _ caption: String, values: [String], titles: [String], accessibleLabel: String,
                        after: [Widget] = []) -> Widget {
        let dropDown = DropDown(items: titles, accessibleLabel: accessibleLabel)
        choices[key] = (dropDown, values)
        dropDown.onSelected { [weak self] index in
            guard let self, !isRendering else { return }
            model.choose(key, values[index])
        }
        return row(caption, dropDown, key: key, after: after)
    }

    private func spin(_ key: SettingKey, _ caption: String, range: ClosedRange<Int>, accessibleLabel: String) -> Widget {
        let spin = SpinButton(range: range, accessibleLabel: accessibleLabel)
        spins[key] = spin
        spin.onValueChanged { [weak self] value in
            guard let self, !isRendering else { return }
            model.choose(key, String(value))
        }
        spin.onTextEntered { [weak model] text in model?.enterNumber(key, text) }
        return row(caption, spin, key: key)
    }

    /// A text field for `key`, starting from what is saved; credentials are masked, with a Show toggle.
    private func field(_ key: SettingKey, _ caption: String, placeholder: String, accessibleLabel: String) -> Widget {
        let entry = Entry(placeholder: placeholder)
        entry.setAccessibleLabel(accessibleLabel)
        entry.hexpand = true
        let shown = model.control(key)
        entry.text = shown.value
        entry.isSensitive = !shown.locked
        if shown.locked, let variable = key.environmentVariable { entry.placeholder = "Set by \(variable)" }
        fields[key] = entry
        var after: [Widget] = []
        if key.isCredential {
            entry.showsText = false
            let show = ToggleButton(label: "Show")
            show.setAccessibleLabel("Show the \(caption.lowercased())")
            show.onToggled { entry.showsText = $0 }
            after.append(show)
        }
        entry.onChanged { [weak self] in
            guard let self, !isRendering, let entry = fields[key] else { return }
            model.edit(key, entry.text)
        }
        entry.onActivate { [weak self] in
            guard let self, let entry = fields[key] else { return }
            model.commitNow(key, entry.text)
        }
        return row(caption, entry, key: key, after: after)
    }

    /// A service's section, from its settings: the source with "Test connection", then each of
    /// its fields; an address with a public default is tucked under "Advanced".
    private func serviceSection(_ service: any ServiceProvider) -> Widget {
        let id = service.id
        let test = Button(label: "Test connection")
        test.setAccessibleLabel("Test connection: \(service.title)")
        test.onClicked { [weak model] in model?.testConnection(id) }
        let spinner = Spinner()
        spinner.setAccessibleLabel("Testing \(service.title)")
        let cancel = Button(label: "Cancel")
        cancel.setAccessibleLabel("Cancel test: \(service.title)")
        cancel.onClicked { [weak model] in model?.cancelTest(id) }
        let result = Label()
        result.xalign = 0
        result.wraps = true
        result.isSelectable = true
        result.setMargins(top: 0, bottom: 0, start: 208, end: 0)
        tests[id] = (test, spinner, cancel, result)
        let note = Label()
        note.xalign = 0
        note.wraps = true
        note.addCSSClass("service-notice")
        environmentNotes[id] = note
        let security = Label()
        security.xalign = 0
        security.wraps = true
        security.addCSSClass("dim-label")
        securityNotes[id] = security

        var rows: [Widget] = [
            note,
            security,
            control(service.sourceKey, accessibleLabel: "\(service.title) source", after: [test, spinner, cancel]),
            result,
        ]
        for key in service.settings {
            guard key == service.urlKey, !key.defaultValue.isEmpty else {
                rows.append(control(key))
                continue
            }
            let advanced = Expander(label: "Advanced", child: control(key, accessibleLabel: "\(service.title) address"))
            advanced.setAccessibleLabel("Advanced: \(service.title)")
            rows.append(advanced)
        }
        return section(service.title, rows)
    }

    private func storageSection() -> Widget {
        let data = Label(model.dataLocation)
        let cache = Label(model.cacheLocation)
        for label in [data, cache] {
            label.xalign = 0
            label.isSelectable = true
            label.ellipsizes = true
            label.hexpand = true
        }
        clearCache.tooltip = "Remove downloaded pictures and cached answers; they are fetched again when needed"
        clearCache.onClicked { [weak model] in model?.clearCache() }
        clearCache.halign = .start
        return section("Storage", [
            row("Favourites and settings", data, key: nil),
            row("Cache", cache, key: nil),
            row("", clearCache, key: nil),
        ])
    }

    // MARK: - Showing the model

    private func render() {
        isRendering = true
        defer { isRendering = false }
        noticeBar.show(model.notice)
        for (key, choice) in choices {
            let shown = model.control(key)
            choice.dropDown.selected = choice.values.firstIndex(of: shown.value) ?? 0
            choice.dropDown.isSensitive = !shown.locked
        }
        for (key, spin) in spins {
            spin.value = Int(model.control(key).value) ?? 0
        }
        for (key, label) in problems {
            label.text = model.problems[key] ?? ""
            label.isVisible = model.problems[key] != nil
        }
        for (service, test) in tests {
            let outcome = model.tests[service]
            test.spinner.isSpinning = outcome == .testing
            test.spinner.isVisible = outcome == .testing
            test.cancel.isVisible = outcome == .testing
            test.button.isSensitive = outcome != .testing
            test.button.isVisible = model.offersConnectionTest(service)
            switch outcome {
            case .passed(let words):
                test.result.text = words
            case .failed(let words):
                test.result.text = words
            case .testing, nil:
                test.result.text = ""
            }
            test.result.setCSSClass("error", { if case .failed = outcome { true } else { false } }())
            test.result.isVisible = !test.result.text.isEmpty
            let note = model.environmentNote(service)
            environmentNotes[service]?.text = note ?? ""
            environmentNotes[service]?.isVisible = note != nil
            let security = model.securityNote(service)
            securityNotes[service]?.text = security ?? ""
            securityNotes[service]?.isVisible = security != nil
        }
        clearCache.label = model.clearCacheLabel
        clearCache.isSensitive = !model.isClearingCache && model.cacheBytes != 0
    }
}
