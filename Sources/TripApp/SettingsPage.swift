import Adw
import Gtk
import TripCore
import TripViewModels
import TripWords

/// The Settings tab, a GNOME preferences page: one group per service, from the registry's
/// settings, then one per concern of the app's own. Every control applies at once: choices when
/// made, typed text once typing pauses (or on Enter). A value that cannot be kept shows why on a
/// row of its own under it, and is not saved. A value the environment decides is shown locked,
/// with the variable in its tooltip.
@MainActor
final class SettingsPage {
    /// The page, under the toast offering Undo after "Reset to Defaults".
    var root: Widget { undo.root }
    private let page = PreferencesPage(accessibleLabel: tr("Settings"))
    private let undo: UndoToast
    /// Each resettable group's "Reset to Defaults", by group title.
    private var resetButtons: [String: Button] = [:]
    private let model: SettingsViewModel
    private let notice = Label()
    private let noticeGroup = PreferencesGroup(title: "")
    private var combos: [SettingKey: (row: ComboRow, values: [String])] = [:]
    private var spins: [SettingKey: SpinButton] = [:]
    private var entries: [SettingKey: EntryRow] = [:]
    private var problems: [SettingKey: (row: PreferencesRow, text: Label)] = [:]
    private var tests: [ServiceID: (button: Button, spinner: Spinner, cancel: Button, result: (row: PreferencesRow, text: Label))] = [:]
    private var serviceGroups: [ServiceID: PreferencesGroup] = [:]
    private let clearCache = Button(label: tr("Clear Cache"))
    /// Set while `render` puts the model's values in the controls, so that is not taken for a change.
    private var isRendering = false

    init(model: SettingsViewModel) {
        self.model = model
        undo = UndoToast(over: page, undo: { [weak model] in model?.undoReset() },
                         decline: { [weak model] in model?.declineResetUndo() })
        page.add(makeNoticeGroup(model))
        for service in model.services { page.add(serviceGroup(service)) }
        for (title, keys) in SettingsViewModel.generalGroups {
            let group = PreferencesGroup(title: title)
            for key in keys { addControl(key, to: group.add) }
            if SettingsViewModel.resettableGroups.contains(title) { group.setHeaderSuffix(resetButton(title)) }
            page.add(group)
        }
        page.add(storageGroup())

        page.onMap { [weak model] in model?.measureCache() }
        observe { [weak self] in self?.render() }
    }

    // MARK: - Building

    /// "Reset to Defaults" in group `title`'s header: asks first, then offers Undo.
    private func resetButton(_ title: String) -> Button {
        let button = Button(label: tr("Reset to Defaults"))
        // TRANSLATORS: %1$@ is a group of settings, such as "Search defaults".
        button.setAccessibleLabel(tr("Reset %1$@ to Defaults").filled(title))
        button.addCSSClass("flat")
        button.valign = .center
        button.onClicked { [weak self, weak button] in
            guard let self, let button else { return }
            let question = model.resetQuestion(title)
            let dialog = AlertDialog(parent: button.rootWindow, heading: question.heading, body: question.body,
                                     responses: [("cancel", tr("Cancel"), .plain), ("reset", tr("Reset"), .destructive)],
                                     defaultResponse: "cancel", closeResponse: "cancel")
            dialog.onResponse { [weak self] response in
                if response == "reset" { self?.model.resetToDefaults(title) }
            }
            dialog.present()
        }
        resetButtons[title] = button
        return button
    }

    /// The row `key`'s rule calls for, and under it the row where a problem with its value shows:
    /// a combo row for a choice, a spin button for a number, an entry row for text (a password
    /// entry row for a secret); a value the environment decides, read-only.
    private func addControl(_ key: SettingKey, to add: (Widget) -> Void) {
        let locked = model.control(key).locked
        switch key.rule {
        case .source:
            add(choice(key, values: DataSource.allCases.map(\.rawValue), titles: DataSource.allCases.map(\.title)))
        case .city:
            add(choice(key, values: KnownCities.all.map(\.geohash), titles: KnownCities.all.map(\.name)))
        case .oneOf(let values, let titles):
            add(choice(key, values: values, titles: titles))
        case .number(let range):
            add(number(key, range: range))
        case .webAddress, .pictureTemplate, .tileTemplate, .credential:
            add(locked ? lockedText(key) : text(key))
        }
        let problem = messageRow(style: "error")
        problems[key] = problem
        add(problem.row)
    }

    /// A plain row holding one wrapping line of text (a refusal, a test's outcome), hidden while empty.
    private func messageRow(style: String? = nil) -> (row: PreferencesRow, text: Label) {
        let text = Label()
        text.xalign = 0
        text.wraps = true
        text.isSelectable = true
        text.setMargins(top: 10, bottom: 10, start: 12, end: 12)
        if let style { text.addCSSClass(style) }
        let row = PreferencesRow(child: text)
        row.isVisible = false
        return (row, text)
    }

    /// What every control's row shares: its subtitle, and the variable that locks it in its tooltip.
    private func describe(_ row: ActionRow, _ key: SettingKey) {
        if let subtitle = model.rowSubtitle(key) { row.subtitle = subtitle }
        row.tooltip = model.rowDetail(key)
    }

    /// A combo row; a choice the environment makes is a plain row showing it (an insensitive
    /// combo row would grey out the reason it is locked, beyond reading).
    private func choice(_ key: SettingKey, values: [String], titles english: [String]) -> Widget {
        // The choices' titles are marked for the catalogue where they are declared (N_).
        let titles = english.map(translated)
        let shown = model.control(key)
        guard !shown.locked else {
            let row = lockedText(key)
            row.addSuffix(Label(values.firstIndex(of: shown.value).map { titles[$0] } ?? shown.value))
            return row
        }
        let row = ComboRow(title: key.title, items: titles)
        describe(row, key)
        row.setAccessibleName(model.controlName(key))
        combos[key] = (row, values)
        row.onSelected { [weak self] index in
            guard let self, !isRendering else { return }
            model.choose(key, values[index])
        }
        return row
    }

    /// A row with a spin button at its end; what the number counts is the row's subtitle.
    private func number(_ key: SettingKey, range: ClosedRange<Int>) -> Widget {
        let row = ActionRow(title: key.title)
        describe(row, key)
        let spin = SpinButton(range: range, accessibleLabel: model.controlName(key))
        spin.valign = .center
        spins[key] = spin
        spin.onValueChanged { [weak self] value in
            guard let self, !isRendering else { return }
            model.choose(key, String(value))
        }
        spin.onTextEntered { [weak model] text in model?.enterNumber(key, text) }
        row.addSuffix(spin)
        row.setActivatableWidget(spin)
        spin.setOnlyAccessibleLabel(model.controlName(key))
        return row
    }

    /// An entry row for `key`, starting from what is saved; a secret's shows dots, with its own
    /// toggle to show them.
    private func text(_ key: SettingKey) -> Widget {
        let entry = key.isCredential ? PasswordEntryRow(title: key.title) : EntryRow(title: key.title)
        // TRANSLATORS: the button that shows a secret setting's dots as text; %1$@ is the setting ("Busbud token").
        entry.setAccessibleName(model.controlName(key), showButtonName: tr("Show %1$@").filled(model.controlName(key)))
        entry.text = model.control(key).value
        entries[key] = entry
        entry.onChanged { [weak self, weak entry] in
            guard let self, let entry, !isRendering else { return }
            model.edit(key, entry.text)
        }
        entry.onActivate { [weak self, weak entry] in
            guard let self, let entry else { return }
            model.commitNow(key, entry.text)
        }
        return entry
    }

    /// A value the environment decides: nothing to change, the reason said, the variable in the tooltip.
    private func lockedText(_ key: SettingKey) -> ActionRow {
        let row = ActionRow(title: key.title)
        describe(row, key)
        row.setAccessibleName(model.controlName(key))
        return row
    }

    /// A service's group, from its settings: the source (with "Test Connection" in the header
    /// while it is live), the test's outcome, then each of its fields; an address with a public
    /// default is tucked under "Advanced".
    private func serviceGroup(_ service: any ServiceProvider) -> PreferencesGroup {
        let id = service.id
        let group = PreferencesGroup(title: service.groupTitle)
        serviceGroups[id] = group
        let test = Button(label: tr("Test Connection"))
        // TRANSLATORS: %1$@ is a service's title, such as "London buses".
        test.setAccessibleLabel(tr("Test Connection: %1$@").filled(translated(service.title)))
        test.onClicked { [weak model] in model?.testConnection(id) }
        let spinner = Spinner()
        // TRANSLATORS: %1$@ is a service's title, such as "London buses".
        spinner.setAccessibleLabel(tr("Testing %1$@").filled(translated(service.title)))
        let cancel = Button(label: tr("Cancel"))
        // TRANSLATORS: %1$@ is a service's title, such as "London buses".
        cancel.setAccessibleLabel(tr("Cancel Test: %1$@").filled(translated(service.title)))
        cancel.onClicked { [weak model] in model?.cancelTest(id) }
        let header = Box(.horizontal, spacing: 6, [spinner, cancel, test])
        header.valign = .center
        group.setHeaderSuffix(header)

        addControl(service.sourceKey, to: group.add)
        let result = messageRow()
        tests[id] = (test, spinner, cancel, result)
        group.add(result.row)
        for key in service.settings {
            guard key == service.urlKey, !key.defaultValue.isEmpty else {
                addControl(key, to: group.add)
                continue
            }
            let advanced = ExpanderRow(title: tr("Advanced"))
            // TRANSLATORS: %1$@ is a service's title, such as "London buses".
            advanced.setAccessibleName(tr("Advanced: %1$@").filled(translated(service.title)))
            addControl(key, to: advanced.addRow)
            group.add(advanced)
        }
        return group
    }

    /// Said first when there is something about how the settings were read or saved to know.
    private func makeNoticeGroup(_ model: SettingsViewModel) -> PreferencesGroup {
        notice.xalign = 0
        notice.wraps = true
        notice.hexpand = true
        let dismiss = Button(label: tr("Dismiss"))
        dismiss.valign = .center
        dismiss.onClicked { [weak model] in model?.dismissNotice() }
        let line = Box(.horizontal, spacing: 12, [notice, dismiss])
        line.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        noticeGroup.add(PreferencesRow(child: line))
        noticeGroup.isVisible = false
        return noticeGroup
    }

    private func storageGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: tr("Storage"))
        let data = ActionRow(title: tr("Favourites and Settings"), subtitle: model.dataLocation)
        data.tooltip = model.dataLocation
        let cache = ActionRow(title: tr("Cache"), subtitle: model.cacheLocation)
        cache.tooltip = model.cacheLocation
        clearCache.tooltip = tr("Remove downloaded pictures and cached answers; they are fetched again when needed")
        clearCache.valign = .center
        clearCache.onClicked { [weak model] in model?.clearCache() }
        cache.addSuffix(clearCache)
        group.add(data)
        group.add(cache)
        return group
    }

    // MARK: - Showing the model

    private func render() {
        isRendering = true
        defer { isRendering = false }
        notice.text = model.notice ?? ""
        for (title, button) in resetButtons {
            button.isSensitive = !model.resettable(title).isEmpty
        }
        undo.show(model.resetUndoMessage)
        noticeGroup.isVisible = model.notice != nil
        for (key, combo) in combos {
            combo.row.selected = combo.values.firstIndex(of: model.control(key).value) ?? 0
        }
        for (key, spin) in spins {
            spin.value = Int(model.control(key).value) ?? 0
        }
        for (key, problem) in problems {
            problem.text.text = model.problems[key] ?? ""
            problem.row.isVisible = model.problems[key] != nil
            entries[key]?.setCSSClass("error", model.problems[key] != nil)
        }
        for (service, test) in tests {
            let outcome = model.tests[service]
            test.spinner.isSpinning = outcome == .testing
            test.spinner.isVisible = outcome == .testing
            test.cancel.isVisible = outcome == .testing
            test.button.isSensitive = outcome != .testing
            test.button.isVisible = model.offersConnectionTest(service)
            switch outcome {
            case .passed(let words), .failed(let words):
                test.result.text.text = words
            case .testing, nil:
                test.result.text.text = ""
            }
            test.result.text.setCSSClass("error", { if case .failed = outcome { true } else { false } }())
            test.result.row.isVisible = !test.result.text.text.isEmpty
            serviceGroups[service]?.details = model.securityNote(service)
        }
        clearCache.label = model.clearCacheLabel
        clearCache.isSensitive = !model.isClearingCache && model.cacheBytes != 0
    }
}
