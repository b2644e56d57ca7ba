import CGtk
import Testing
@testable import Adw
import Gtk

/// The libadwaita wrappers against real libadwaita on a (virtual) display, on the same GObject
/// layer as GTK's: every closure they hand GLib comes back.
@Suite(.serialized)
@MainActor
struct AdwLayerTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
        Adwaita.initialize()
    }

    /// Every closure of a window built from the wrappers (the view stack and its switchers, a
    /// status page, toasts, preference rows) is released once the window is destroyed.
    @Test func everyWrappersClosuresAreReleasedWithTheWindow() {
        MainLoop.iteratePending()
        let before = UserDataBoxes.liveCount
        do {
            let window = PlainWindow()
            let stack = ViewStack()
            let status = StatusPage()
            status.title = "No favourite stops yet"
            status.iconName = "starred-symbolic"
            stack.add(status, name: "favourites", title: "Favourites", icon: "starred-symbolic")
            let page = PreferencesPage()
            let group = PreferencesGroup(title: "London buses", description: "Built-in demo")
            let source = ComboRow(title: "Source", items: ["Built-in demo", "Live"])
            source.onSelected { _ in }
            let key = PasswordEntryRow(title: "TfL App Key")
            key.onChanged {}
            key.onActivate {}
            key.onApply {}
            let refresh = ActionRow(title: "Refresh Every", subtitle: "Seconds between refreshes")
            refresh.addSuffix(Label("30"))
            let advanced = ExpanderRow(title: "Advanced")
            let address = EntryRow(title: "Service Address")
            address.showsApplyButton = true
            address.onChanged {}
            advanced.addRow(address)
            advanced.addRow(PreferencesRow(child: Label("Not an http or https address.")))
            group.add(source)
            group.add(key)
            group.add(refresh)
            group.add(advanced)
            group.setHeaderSuffix(Button(label: "Test Connection"))
            page.add(group)
            stack.add(page, name: "settings", title: "Settings", icon: "emblem-system-symbolic")
            stack.onVisibleChildChanged { _ in }
            let title = ViewSwitcherTitle(title: "Tripboard", accessibleLabel: "Tabs")
            title.show(stack)
            title.onShowsTitleOnlyChanged { _ in }
            let header = Adw.HeaderBar()
            header.setTitleWidget(title)
            let overlay = ToastOverlay(child: Box(.vertical, spacing: 0, [header, stack, ViewSwitcherBar(stack: stack, accessibleLabel: "Tabs")]))
            let toast = Toast("Removed Oxford Circus", button: "Undo")
            toast.onButtonClicked {}
            toast.onDismissed {}
            overlay.show(toast)
            window.setChild(overlay)
            window.present()
            for _ in 0..<5 { MainLoop.iteratePending() }
            #expect(UserDataBoxes.liveCount == before + 9, "one box a registration above")
            window.destroy()
        }
        for _ in 0..<5 { MainLoop.iteratePending() }
        #expect(UserDataBoxes.liveCount == before)
    }

    /// The bottom row of tabs makes its buttons, one a page, only when first revealed.
    @Test func switcherBarMakesItsButtonsWhenFirstRevealed() {
        let stack = ViewStack()
        stack.add(Label("Deals"), name: "deals", title: "Deals", icon: "starred-symbolic")
        stack.add(Label("Search"), name: "search", title: "Search", icon: "system-search-symbolic")
        let bar = ViewSwitcherBar(stack: stack, accessibleLabel: "Tabs")
        #expect(!bar.hasButtons)
        #expect(descendants(of: bar, typeName: "AdwViewSwitcherButton").isEmpty)
        bar.isRevealed = false
        #expect(!bar.hasButtons)
        bar.isRevealed = true
        #expect(bar.isRevealed && bar.hasButtons)
        #expect(descendants(of: bar, typeName: "AdwViewSwitcherButton").count == 2)
        bar.isRevealed = false
        bar.isRevealed = true
        #expect(descendants(of: bar, typeName: "AdwViewSwitcherButton").count == 2)
    }

    /// The title's two rows of tabs (wide and narrow) get their buttons, one a page, when it is given
    /// the stack with its pages.
    @Test func switcherTitleMakesItsButtonsWhenGivenTheStack() {
        let stack = ViewStack()
        let pages = [("deals", "starred-symbolic"), ("search", "system-search-symbolic"), ("favourites", "non-starred-symbolic"),
                     ("settings", "emblem-system-symbolic")]
        for (name, icon) in pages { stack.add(Label(name), name: name, title: name.capitalized, icon: icon) }
        let title = ViewSwitcherTitle(title: "Tripboard", accessibleLabel: "Tabs")
        #expect(descendants(of: title, typeName: "AdwViewSwitcherButton").isEmpty)
        title.show(stack)
        #expect(descendants(of: title, typeName: "AdwViewSwitcherButton").count == 2 * pages.count)
    }

    /// Switching pages, choosing in a combo row and typing in an entry row reach their closures.
    @Test func changesReachTheirClosures() {
        let stack = ViewStack()
        stack.add(Label("Deals"), name: "deals", title: "Deals", icon: "starred-symbolic")
        stack.add(Label("Search"), name: "search", title: "Search", icon: "system-search-symbolic")
        var shown: [String?] = []
        stack.onVisibleChildChanged { shown.append($0) }
        stack.visibleChildName = "search"
        #expect(shown == ["search"])
        #expect(stack.visibleChildName == "search")

        let combo = ComboRow(title: "Clock", items: ["Follow the system", "12-hour", "24-hour"])
        var chosen: [Int] = []
        combo.onSelected { chosen.append($0) }
        combo.selected = 2
        combo.selected = 2
        #expect(chosen == [2], "setting the same choice again is no change")

        let entry = EntryRow(title: "Busbud token")
        var changes = 0
        entry.onChanged { changes += 1 }
        entry.text = "abc"
        #expect(entry.text == "abc")
        #expect(changes >= 1)

        // Enter activates a row without an apply button; with one, it applies.
        var activated = 0, applied = 0
        entry.onActivate { activated += 1 }
        entry.onApply { applied += 1 }
        entry.emit("entry-activated")
        entry.showsApplyButton = true
        #expect(entry.showsApplyButton)
        entry.emit("apply")
        #expect((activated, applied) == (1, 1))

        let secret = PasswordEntryRow(title: "TfL App Key")
        secret.text = "key"
        #expect(secret.text == "key" && secret.title == "TfL App Key")

        let row = ActionRow(title: "Refresh Every")
        #expect(row.subtitle == "")
        row.subtitle = "Seconds between refreshes"
        #expect(row.subtitle == "Seconds between refreshes")
        let advanced = ExpanderRow(title: "Advanced", subtitle: "Service address")
        #expect(advanced.subtitle == "Service address" && !advanced.isExpanded)
        advanced.isExpanded = true
        #expect(advanced.isExpanded)
    }

    /// A toast's button reaches its closure; a dialog's response reaches its closure with its id,
    /// and the dialog's handler is released with it.
    @Test func toastButtonsAndDialogResponsesReachTheirClosures() {
        let toast = Toast("Removed a stop", button: "Undo")
        var undone = 0
        toast.onButtonClicked { undone += 1 }
        toast.emit("button-clicked")
        #expect(undone == 1)

        let before = UserDataBoxes.liveCount
        do {
            let dialog = AlertDialog(parent: nil, heading: "Can’t reach the service", body: "Check the connection.",
                                     responses: [("cancel", "Cancel", .plain), ("retry", "Retry", .suggested)],
                                     defaultResponse: "retry", closeResponse: "cancel")
            var responses: [String] = []
            dialog.onResponse { responses.append($0) }
            #expect(dialog.heading == "Can’t reach the service")
            dialog.respond("retry")
            #expect(responses == ["retry"])
            dialog.destroy()
        }
        MainLoop.iteratePending()
        #expect(UserDataBoxes.liveCount == before)
    }

    /// The style manager turns the app dark or light on request, says so, and follows the
    /// desktop again when told; its handler goes when disconnected.
    @Test func theStyleManagerSwitchesAndSaysSo() {
        let manager = StyleManager.shared
        let before = UserDataBoxes.liveCount
        var seen: [Bool] = []
        let handler = manager.onDarkChanged { seen.append($0) }
        manager.scheme = .dark
        #expect(manager.isDark)
        #expect(manager.scheme == .dark)
        manager.scheme = .light
        #expect(!manager.isDark)
        #expect(seen == [true, false])
        manager.scheme = .followDesktop
        manager.disconnect(handler)
        #expect(UserDataBoxes.liveCount == before)
    }
}
