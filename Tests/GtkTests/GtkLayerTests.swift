import CGtk
import Foundation
import Synchronization
import Testing
@testable import Gtk

/// The hand-written GTK layer against real GTK on a (virtual) display.
@Suite(.serialized)
@MainActor
struct GtkLayerTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// Every closure and value the wrappers hand to GLib (signal handlers with and without their
    /// own thunks, shortcuts, tick callbacks, size watches, frame meters, list rows and values, drag and drop, the
    /// window's own watches) is released once the window holding its widgets is destroyed.
    @Test func everyWrappersClosuresAreReleasedWithTheWindow() {
        MainLoop.iteratePending()
        let before = UserDataBoxes.liveCount
        do {
            let window = PlainWindow()
            let button = Button(label: "Press")
            button.onClicked {}
            button.onMap {}
            button.onUnmap {}
            button.addShortcut("<Control>r") {}
            button.addTickCallback { true }
            button.onResized { _, _ in }
            let meter = FrameMeter(widget: button) { _ in }
            let entry = Entry(placeholder: "City")
            entry.onChanged {}
            entry.onActivate {}
            let toggle = ToggleButton(label: "Step-free")
            toggle.onToggled { _ in }
            let dropDown = DropDown(items: ["USD", "CAD"], accessibleLabel: "Currency")
            dropDown.onSelected { _ in }
            let spin = SpinButton(range: 0...20, accessibleLabel: "Adults")
            spin.onValueChanged { _ in }
            spin.onTextEntered { Int($0) }
            let calendar = Gtk.Calendar(accessibleLabel: "Date")
            calendar.onDaySelected {}
            calendar.onPageTurned {}
            let list = ListView<String, Label>(accessibleLabel: "Names", makeRow: { Label() }) { row, name in
                row.text = name
            }
            list.store.replaceAll(["Ada", "Grace"])
            list.onActivate { _ in }
            let row = Label("Drag me")
            DragSource(on: row).text = "tfl:490000173OE"
            row.onDropText { _ in }
            let menu = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Menu",
                                  menu: Menu(sections: [[("About", "win.about")]]))
            window.setChild(Box(.vertical, spacing: 0,
                                [button, entry, toggle, dropDown, spin, calendar, row, menu, ScrolledWindow(list)]))
            window.onCloseRequest { false }
            window.onFirstFrame {}
            window.onMinimisedChanged { _ in }
            window.present()
            for _ in 0..<5 { MainLoop.iteratePending() }
            withExtendedLifetime(meter) {}
            // One box or more per registration above (the first-frame watch has let go of its own
            // once painted; the size watch has three), two for the list's factory and one per
            // value it holds.
            #expect(UserDataBoxes.liveCount >= before + 22 + 2 + 2)
            window.destroy()
        }
        MainLoop.iteratePending()
        #expect(UserDataBoxes.liveCount == before)
    }

    /// A menu button makes its menu's popover when first opened, not when it is made, and once.
    @Test func menuButtonMakesItsMenuWhenFirstOpened() {
        let window = PlainWindow()
        let button = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Menu",
                                menu: Menu(sections: [[("About", "win.about")]]))
        window.setChild(button)
        window.present()
        for _ in 0..<5 { MainLoop.iteratePending() }
        #expect(!button.hasMenu)
        button.popup()
        for _ in 0..<5 { MainLoop.iteratePending() }
        #expect(button.hasMenu)
        button.popdown()
        button.popup()
        for _ in 0..<5 { MainLoop.iteratePending() }
        #expect(button.hasMenu)
        window.destroy()
        MainLoop.iteratePending()
    }

    /// Icon themes read on a worker find the icons of a folder added before, as well
    /// as the system’s; the worker lets go of the theme once it has read it.
    @Test func iconThemesReadInTheBackgroundFindEveryIcon() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-icons-\(UUID().uuidString)")
        let apps = folder.appendingPathComponent("hicolor/scalable/apps", isDirectory: true)
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>"#
            .write(to: apps.appendingPathComponent("tripboard-test-icon.svg"), atomically: true, encoding: .utf8)
        let theme = try #require(gtk_icon_theme_get_for_display(gdk_display_get_default()))
        let references = { UnsafeMutableRawPointer(theme).assumingMemoryBound(to: GObject.self).pointee.ref_count }
        let before = references()
        StyleSheet.addIconFolder(folder.path)
        StyleSheet.readIconThemesInBackground()
        #expect(gtk_icon_theme_has_icon(theme, "tripboard-test-icon") != 0)
        #expect(gtk_icon_theme_has_icon(theme, "go-next-symbolic") != 0)
        let deadline = ContinuousClock.now + .seconds(60)
        while references() != before, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(references() == before)
    }

    /// An application's actions and activation handler are released with the application.
    @Test func applicationHandlersAreReleasedWithTheApplication() {
        let before = UserDataBoxes.liveCount
        do {
            let application = Application(id: "org.example.TripboardTests")
            application.onActivate {}
            application.addAction("open-stop") { _ in }
            #expect(UserDataBoxes.liveCount == before + 2)
        }
        #expect(UserDataBoxes.liveCount == before)
    }

    /// Values in a list store are boxes GLib holds; they go with the store.
    @Test func listStoreValuesAreReleasedWithTheStore() {
        let before = UserDataBoxes.liveCount
        do {
            let store = ListStore<String>()
            store.replaceAll(["a", "b", "c"])
            #expect(UserDataBoxes.liveCount == before + 3)
            store.splice(at: 0, removing: 1, inserting: [])
            #expect(UserDataBoxes.liveCount == before + 2)
        }
        #expect(UserDataBoxes.liveCount == before)
    }

    /// Disconnecting a handler releases its closure at once.
    @Test func disconnectReleasesTheClosure() {
        let before = UserDataBoxes.liveCount
        let button = Button(label: "Once")
        let id = button.onClicked {}
        #expect(UserDataBoxes.liveCount == before + 1)
        button.disconnect(id)
        #expect(UserDataBoxes.liveCount == before)
    }

    /// A tick callback that says it is done is released then, while its widget lives on.
    @Test func finishedTickCallbackIsReleased() {
        let window = PlainWindow()
        let label = Label("Tick")
        window.setChild(label)
        window.present()
        MainLoop.iteratePending()
        let before = UserDataBoxes.liveCount
        var ticks = 0
        label.addTickCallback {
            ticks += 1
            return false
        }
        #expect(UserDataBoxes.liveCount == before + 1)
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while ticks == 0, ContinuousClock.now < deadline { g_main_context_iteration(nil, 0) }
        MainLoop.iteratePending()
        #expect(ticks == 1)
        #expect(UserDataBoxes.liveCount == before)
        window.destroy()
        MainLoop.iteratePending()
    }

    /// A signal reaches its Swift closure with the main actor's isolation.
    @Test func signalsCallTheirClosure() {
        var clicks = 0
        let button = Button(label: "Count")
        button.onClicked { clicks += 1 }
        button.emit("clicked")
        button.emit("clicked")
        #expect(clicks == 2)
    }

    /// Values in a list store live exactly as long as the store holds them.
    @Test func listStoreReleasesItsValues() {
        let counter = Counter()
        let store = ListStore<Tracked>()
        store.replaceAll([Tracked(counter), Tracked(counter), Tracked(counter)])
        #expect(counter.alive == 3)
        #expect(store.count == 3)
        #expect(store.value(at: 1) != nil)
        #expect(store.value(at: 3) == nil)
        store.splice(at: 0, removing: 2, inserting: [])
        #expect(counter.alive == 1)
        store.replaceAll([])
        #expect(counter.alive == 0)
    }

    /// Updating a store replaces only what changed: unchanged items stay the very same objects.
    @Test func updateReplacesOnlyTheChangedStretch() {
        let store = ListStore<String>()
        store.replaceAll(["a", "b", "c", "d", "e"])
        func item(_ index: Int) -> UnsafeMutableRawPointer? {
            guard let item = g_list_model_get_item(OpaquePointer(store.pointer), guint(index)) else { return nil }
            g_object_unref(item)
            return item
        }
        let before = (0..<5).map(item)
        store.update(to: ["a", "b", "x", "y", "d", "e"])
        #expect(store.values == ["a", "b", "x", "y", "d", "e"])
        let after = (0..<6).map(item)
        #expect(after[0] == before[0] && after[1] == before[1])
        #expect(after[4] == before[3] && after[5] == before[4])
        #expect(after[2] != before[2])
        store.update(to: ["a", "b", "x", "y", "d", "e"])
        #expect((0..<6).map(item) == after, "no change, no new items")
        store.update(to: [])
        #expect(store.count == 0)
        #expect(item(0) == nil)
    }

    /// Merging new values into a list (a search's next page) inserts them where they belong and
    /// keeps every existing item; a removal or a move among them falls back to one replacement.
    @Test func updateInsertsWithoutRebuildingTheRest() {
        let store = ListStore<String>()
        store.replaceAll(["b", "d", "f", "h"])
        func items() -> [UnsafeMutableRawPointer?] {
            (0..<store.count).map { index in
                let item = g_list_model_get_item(OpaquePointer(store.pointer), guint(index))
                if let item { g_object_unref(item) }
                return item
            }
        }
        let before = items()
        store.update(to: ["a", "b", "c", "d", "f", "g", "h", "i"])
        #expect(store.values == ["a", "b", "c", "d", "f", "g", "h", "i"])
        let after = items()
        #expect([after[1], after[3], after[4], after[6]] == before, "the rows already there are the same objects")

        store.update(to: ["a", "c", "b", "d", "f", "g", "h", "i"])
        #expect(store.values == ["a", "c", "b", "d", "f", "g", "h", "i"])
        let moved = items()
        #expect(moved[0] == after[0] && moved[3...7] == after[3...7], "outside the moved stretch, the same objects")
        #expect(moved[1] != after[2] && moved[2] != after[1], "the moved stretch is replaced")
        #expect(ListChange.insertions(turning: ["b", "d"], into: ["a", "d", "b"]) == nil)
        #expect(ListChange.insertions(turning: ["b"], into: ["a", "b", "c"]) == [0..<1, 2..<3])
    }

    /// The main-loop clock's sleeps end when the GLib main loop runs their timeout, not before; a
    /// cancelled sleep ends at once, without the loop, and its timeout goes with it.
    @Test func mainLoopClockSleepsOnTheMainLoopAndStopsWhenCancelled() async throws {
        let clock = MainLoopClock()
        let woke = Mutex<ContinuousClock.Instant?>(nil)
        let start = clock.now
        Task.detached {
            try await clock.sleep(for: .milliseconds(60))
            woke.withLock { $0 = clock.now }
        }
        let deadline = start.advanced(by: .seconds(5))
        while woke.withLock({ $0 }) == nil, clock.now < deadline {
            g_main_context_iteration(nil, 0)
            try await Task.sleep(for: .milliseconds(2))
        }
        let slept = start.duration(to: try #require(woke.withLock { $0 }))
        #expect(slept >= .milliseconds(60) && slept < .seconds(2), "slept \(slept)")

        MainLoop.iteratePending()
        let before = UserDataBoxes.liveCount
        let sleeper = Task.detached { try await clock.sleep(for: .seconds(30)) }
        let started = ContinuousClock.now.advanced(by: .seconds(5))
        while UserDataBoxes.liveCount == before, ContinuousClock.now < started { try await Task.sleep(for: .milliseconds(2)) }
        #expect(UserDataBoxes.liveCount == before + 1, "the sleep's timeout holds its waiter")
        sleeper.cancel()
        let outcome = await sleeper.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(UserDataBoxes.liveCount == before, "a cancelled sleep's timeout is gone at once")
    }

    /// A main-actor task's sleep that stays on the main actor ends when the main loop runs its
    /// timeout, and wakes the task there; cancelled, it ends at once.
    @MainActor @Test func mainLoopClockSleepsWithoutLeavingTheMainActor() async throws {
        let clock = MainLoopClock()
        let start = clock.now
        let sleeper = Task { @MainActor in
            try await clock.sleep(until: start.advanced(by: .milliseconds(40)), isolation: MainActor.shared)
            MainActor.assertIsolated()
            return clock.now
        }
        var woke: ContinuousClock.Instant?
        let limit = start.advanced(by: .seconds(5))
        Task { @MainActor in woke = try? await sleeper.value }
        while woke == nil, clock.now < limit {
            MainLoop.iteratePending()
            try await Task.sleep(for: .milliseconds(2))
        }
        let slept = start.duration(to: try #require(woke))
        #expect(slept >= .milliseconds(40) && slept < .seconds(2), "slept \(slept)")

        let cancelled = Task { @MainActor in try await clock.sleep(until: clock.now.advanced(by: .seconds(30)), isolation: MainActor.shared) }
        await Task.yield()
        cancelled.cancel()
        let outcome = await cancelled.result
        #expect(throws: CancellationError.self) { try outcome.get() }
    }

    /// A main-loop countdown tells each second on the main actor, seconds left down to 0, then
    /// ends; cancelled, it ends at once, tells nothing more, and its timeout goes with it.
    @MainActor @Test func mainLoopClockCountsDownOnTheMainLoop() async throws {
        let clock = MainLoopClock()
        var told: [Int] = []
        var ended = false
        Task { @MainActor in
            try await clock.countDown(from: 2) { left in
                MainActor.assertIsolated()
                told.append(left)
            }
            ended = true
        }
        let limit = clock.now.advanced(by: .seconds(20))
        while !ended, clock.now < limit {
            MainLoop.iteratePending()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(ended)
        #expect(told == [1, 0])

        MainLoop.iteratePending()
        told = []
        // Held by the countdown's tick alone once the task has started: gone when its timeout is.
        // (Not the count of every box alive, which other suites' windows move while this one waits.)
        final class TickState {}
        var state: TickState? = TickState()
        weak let held = state
        let cancelled = Task { @MainActor [state] in try await clock.countDown(from: 30) { _ = state; told.append($0) } }
        state = nil
        while told.isEmpty, clock.now < limit {
            MainLoop.iteratePending()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(told == [29])
        #expect(held != nil, "the countdown's timeout holds its state")
        cancelled.cancel()
        let outcome = await cancelled.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(held == nil, "a cancelled countdown's timeout is gone at once")
        MainLoop.iteratePending()
        #expect(told == [29])
    }

    /// A countdown's bar and text, and a map scale's line, redraw themselves alone: changing them
    /// paints a frame without laying out the window, where changing a label's text (or the
    /// scale's words) lays it out. The bar is a progress bar to assistive technologies, its
    /// fraction kept within 0 and 1; the scale's line is passed over, its words read, its length
    /// kept within its room.
    @MainActor @Test func fractionBarAndInscriptionRedrawWithoutLayingOutTheWindow() async throws {
        let window = PlainWindow()
        let bar = FractionBar(accessibleLabel: "Time to next refresh")
        let text = Inscription(fitting: ["Next refresh in 999 s"])
        let label = Label("Favourite Stops")
        let scale = ScaleBar(room: 120)
        scale.show("100 m", pixels: 67)
        window.setChild(Box(.vertical, spacing: 4, [label, text, bar, scale]))
        window.setDefaultSize(width: 300, height: 120)
        window.present()
        #expect(gtk_accessible_get_accessible_role(OpaquePointer(bar.pointer)) == GTK_ACCESSIBLE_ROLE_PROGRESS_BAR)
        var layouts = 0
        var paints = 0
        let limit = ContinuousClock.now.advanced(by: .seconds(20))
        while gtk_widget_get_frame_clock(window.widget) == nil, ContinuousClock.now < limit { MainLoop.iteratePending() }
        let clock = Object(borrowed: UnsafeMutableRawPointer(try #require(gtk_widget_get_frame_clock(window.widget))))
        _ = clock.on("layout") { layouts += 1 }
        _ = clock.on("after-paint") { paints += 1 }
        /// Runs the main loop until a frame after `change` is painted; the layouts it took.
        func layoutsToPaint(_ change: () -> Void) async throws -> Int {
            // First the window at rest: painted, and a while with nothing to do and no frame.
            var restful = 0
            while restful < 3, ContinuousClock.now < limit {
                let before = paints
                MainLoop.iteratePending()
                try await Task.sleep(for: .milliseconds(20))
                restful = paints > 0 && paints == before && g_main_context_pending(nil) == 0 ? restful + 1 : 0
            }
            (layouts, paints) = (0, 0)
            change()
            while paints == 0, ContinuousClock.now < limit {
                MainLoop.iteratePending()
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(paints > 0, "a frame was painted")
            return layouts
        }
        #expect(try await layoutsToPaint { bar.fraction = 0.5 } == 0)
        #expect(try await layoutsToPaint { text.text = "Next refresh in 29 s" } == 0)
        #expect(try await layoutsToPaint { scale.show("100 m", pixels: 71.5) } == 0, "a pan moves the line alone")
        #expect(try await layoutsToPaint { scale.show("200 m", pixels: 80) } > 0, "new words are laid out")
        #expect(scale.text == "200 m")
        let line = try #require(gtk_widget_get_last_child(scale.widget))
        #expect(gtk_accessible_get_accessible_role(OpaquePointer(line)) == GTK_ACCESSIBLE_ROLE_PRESENTATION)
        #expect(gtk_widget_get_width(line) == 120 + 4, "the room and the line's edge either side")
        #expect(try await layoutsToPaint { scale.show("200 m", pixels: 500) } == 0, "cut to the room: the line is drawn")
        #expect(try await layoutsToPaint { label.text = "Favourite Stops and more" } > 0, "a label's change lays out the window")
        #expect(text.text == "Next refresh in 29 s")
        bar.fraction = 2
        #expect(bar.fraction == 1)
        bar.fraction = -1
        #expect(bar.fraction == 0)
        window.destroy()
    }

    /// `onResized` tells once of the size a widget is first laid out at, and once of each new
    /// one: not of a frame that lays it out again at the same size, nor after it is gone.
    @MainActor @Test func onResizedTellsEachNewSizeOnce() async throws {
        let window = PlainWindow()
        let label = Label("Map")
        label.setSizeRequest(width: 200, height: 100)
        var sizes: [[Int]] = []
        label.onResized { width, height in sizes.append([width, height]) }
        let other = Label("Stops")
        var otherSizes = 0
        window.setChild(Box(.vertical, spacing: 0, [label, other]))
        window.present()
        let limit = ContinuousClock.now.advanced(by: .seconds(20))
        func waitFor(_ what: Comment, _ condition: () -> Bool) async throws {
            while !condition() {
                try #require(ContinuousClock.now < limit, what)
                MainLoop.iteratePending()
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        try await waitFor("the first size") { !sizes.isEmpty }
        #expect(sizes.first?[1] == 100)
        // Told of once realized already: a frame laying out the window (a new text beside it)
        // at the label's same size tells the late listener, not the first.
        other.onResized { _, _ in otherSizes += 1 }
        other.text = "Stops in this area"
        try await waitFor("the late listener told of its first size") { otherSizes == 1 }
        #expect(sizes.count == 1, "\(sizes): laid out again at the same size")
        label.setSizeRequest(width: 200, height: 160)
        try await waitFor("the new size") { sizes.last?[1] == 160 }
        #expect(sizes.count == 2, "\(sizes): one call for each size")
        window.destroy()
        MainLoop.iteratePending()
        #expect(sizes.count == 2 && otherSizes == 1)
    }

    /// A window showing a list of labels, and the values its rows were bound to, in order.
    @MainActor
    final class ShownList {
        let window = PlainWindow()
        var bound: [String] = []
        /// Rows the list has made.
        var made = 0
        private(set) var list: ListView<String, Label>!

        init(height: Int, values: [String]) {
            window.setDefaultSize(width: 300, height: height)
            list = ListView<String, Label>(accessibleLabel: "Cities", makeRow: { [unowned self] in
                made += 1
                return Label()
            }) { [unowned self] row, value in
                row.text = value
                bound.append(value)
            }
            list.store.replaceAll(values)
            window.setChild(ScrolledWindow(list))
            window.present()
            settle()
        }

        func settle() {
            for _ in 0..<20 { MainLoop.iteratePending() }
        }

        func close() {
            window.destroy()
            MainLoop.iteratePending()
        }
    }

    /// A list view makes rows for what is visible and binds each to its value.
    @Test func listViewBindsVisibleRows() {
        let shown = ShownList(height: 400, values: ["Montréal", "Québec", "Toronto"])
        #expect(Set(shown.bound) == ["Montréal", "Québec", "Toronto"])
        shown.close()
    }

    /// Merging values into a shown list (a search's next page) binds the new values and leaves
    /// every row already showing its value as it is: GTK 4.8 binds its rows again after any change
    /// before them, and a row asked to show the value it shows is not filled again.
    @Test func mergingIntoAShownListBindsOnlyWhatIsNew() {
        let first = (0..<40).map { String(format: "%03d", $0 * 2) }
        let shown = ShownList(height: 2000, values: first)
        #expect(Set(shown.bound) == Set(first))
        shown.bound = []
        let merged = (0..<80).map { String(format: "%03d", $0) }
        shown.list.store.update(to: merged)
        shown.settle()
        #expect(shown.list.store.values == merged)
        #expect(Set(shown.bound) == Set(merged).subtracting(first), "only the inserted values are bound")
        #expect(shown.bound.count == Set(shown.bound).count, "each once")
        shown.close()
    }

    /// "items-changed" emissions, counted by `countItemsChanged` (main thread only).
    nonisolated(unsafe) static var itemsChanged = 0
    private static let countItemsChanged: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, _ in
        itemsChanged += 1
    }

    /// A page merged into a long list shown from its top: the rows the new values push past the
    /// ones GTK keeps are moved onto them, so no row is made; every row already there keeps its
    /// item; the runs among the first rows are a change each, the rest one change.
    @Test func mergingAtTheTopOfALongListMakesNoRows() {
        let first = (0..<600).map { String(format: "%04d", $0 * 3) }
        let shown = ShownList(height: 400, values: first)
        func items() -> [String: UnsafeMutableRawPointer] {
            var items: [String: UnsafeMutableRawPointer] = [:]
            for index in 0..<shown.list.store.count {
                let item = g_list_model_get_item(OpaquePointer(shown.list.store.pointer), guint(index))!
                g_object_unref(item)
                items[shown.list.store.values[index]] = item
            }
            return items
        }
        let before = items()
        Self.itemsChanged = 0
        g_signal_connect_data(shown.list.store.pointer, "items-changed", unsafeBitCast(Self.countItemsChanged, to: GCallback.self),
                              nil, nil, GConnectFlags(0))
        let made = shown.made
        shown.bound = []
        // One new value after every third old one: runs at 1, 5, 9… in the merged list.
        let merged = (0..<1_800).filter { $0 % 3 != 2 }.map { String(format: "%04d", $0) }
        shown.list.store.update(to: merged)
        shown.settle()
        #expect(shown.list.store.values == merged)
        let after = items()
        #expect(first.allSatisfy { after[$0] == before[$0] }, "every row already there keeps its item")
        #expect(shown.made == made, "no row made: the rows pushed past the kept ones show the new values")
        #expect(!shown.bound.isEmpty && Set(shown.bound).isDisjoint(with: first), "only new values bound")
        let separate = merged.indices.filter { $0 % 2 == 1 && $0 < ListStore<String>.rowsKeptAtTheTop }.count
        #expect(Self.itemsChanged == separate + 1)
        shown.close()
    }

    /// An entry reports edits, and Enter, to its handlers.
    @Test func entryReportsChangesAndActivation() {
        let entry = Entry(placeholder: "City")
        var changes = 0
        var activations = 0
        entry.onChanged { changes += 1 }
        entry.onActivate { activations += 1 }
        entry.text = "Montréal"
        entry.emit("activate")
        #expect(entry.text == "Montréal")
        #expect(changes == 1)
        #expect(activations == 1)
    }

    /// A drop-down reports the index chosen, whether by code or by the person.
    @Test func dropDownReportsSelection() {
        let dropDown = DropDown(items: ["USD", "CAD", "EUR"], accessibleLabel: "Currency")
        var chosen: [Int] = []
        dropDown.onSelected { chosen.append($0) }
        #expect(dropDown.selected == 0)
        dropDown.selected = 2
        dropDown.selected = 2
        #expect(dropDown.selected == 2)
        #expect(chosen == [2], "setting the same value again does not report a change")
    }

    /// A spin button holds whole numbers within its range and reports changes.
    @Test func spinButtonClampsAndReports() {
        let spin = SpinButton(range: 0...20, accessibleLabel: "Adults")
        var values: [Int] = []
        spin.onValueChanged { values.append($0) }
        spin.value = 3
        spin.value = 99
        #expect(spin.value == 20)
        #expect(values == [3, 20])
    }

    /// Typed text goes to the check when taken in: refused text stays as typed and nothing is
    /// reported; accepted text becomes the value and is reported once.
    @Test func spinButtonRefusesTypedTextItsCheckRefuses() {
        let spin = SpinButton(range: 10...600, accessibleLabel: "Refresh")
        spin.value = 30
        var values: [Int] = []
        var checked: [String] = []
        spin.onValueChanged { values.append($0) }
        spin.onTextEntered { text in
            checked.append(text)
            return Int(text).flatMap { (10...600).contains($0) ? $0 : nil }
        }
        for typed in ["abc", "5", "99999"] {
            gtk_editable_set_text(OpaquePointer(spin.pointer), typed)
            spin.takeInText()
            #expect(spin.text == typed, "refused text stays for the person to correct")
            #expect(spin.value == 30)
        }
        #expect(values.isEmpty)
        gtk_editable_set_text(OpaquePointer(spin.pointer), "45")
        spin.takeInText()
        #expect(spin.value == 45)
        #expect(values == [45])
        #expect(checked == ["abc", "5", "99999", "45"])
        gtk_editable_set_text(OpaquePointer(spin.pointer), "x")
        spin.takeInText()
        spin.value = 46
        #expect(values == [45, 46], "a change after a refusal is reported")
    }

    /// The calendar's arrows are named for screen readers, and turning a page reports the day it lands on.
    @Test func calendarArrowsAreNamedAndReportTheirDay() {
        let calendar = Gtk.Calendar(accessibleLabel: "Date")
        calendar.day = (2026, 11, 24)
        var turned: [String] = []
        calendar.onPageTurned { turned.append("\(calendar.day)") }
        var names: [String] = []
        var part = gtk_widget_get_first_child(gtk_widget_get_first_child(calendar.widget))
        while let widget = part {
            if let tooltip = gtk_widget_get_tooltip_text(widget) { names.append(String(cString: tooltip)) }
            part = gtk_widget_get_next_sibling(widget)
        }
        #expect(names == ["Previous month", "Next month", "Previous year", "Next year"])
        calendar.emit("next-year")
        #expect(turned.count == 1)
    }

    /// A calendar shows the day it is given, months counted from 1.
    @Test func calendarHoldsADay() {
        let calendar = Gtk.Calendar(accessibleLabel: "Date")
        calendar.day = (2016, 7, 29)
        #expect(calendar.day == (2016, 7, 29))
        calendar.day = (2024, 2, 29)
        #expect(calendar.day == (2024, 2, 29))
    }

    /// Labels show service text as plain text, markup characters included.
    @Test func labelsNeverParseMarkup() {
        let label = Label("<b>Bold</b> & Isles")
        #expect(label.text == "<b>Bold</b> & Isles")
        #expect(!label.usesMarkup)
    }

    /// A picture accepts real image bytes and refuses anything else, keeping what it showed.
    @Test func pictureDecodesImagesAndRefusesJunk() throws {
        let picture = Picture()
        #expect(!picture.setImage(Data("<html>not a picture</html>".utf8)))
        #expect(!picture.hasImage)
        let png = try #require(Data(base64Encoded: Self.onePixelPNG))
        #expect(picture.setImage(png))
        #expect(picture.hasImage)
        #expect(!picture.setImage(Data([0xFF, 0xD8, 0xFF, 0x00])))
        #expect(picture.hasImage)
        picture.clear()
        #expect(!picture.hasImage)
    }

    /// A picture fitted to an area keeps only the pixels that cover it (at the display's scale,
    /// 1 here), the image's shape kept; one smaller than the area is kept whole.
    @Test func pictureCoveringAnAreaKeepsOnlyItsPixels() throws {
        let picture = Picture()
        #expect(picture.setImage(try Self.png(width: 240, height: 160), covering: (width: 120, height: 80)))
        #expect(picture.imageSize! == (120, 80))
        // Wider than the area: the height decides, and the sides are cut when drawn.
        #expect(picture.setImage(try Self.png(width: 400, height: 100), covering: (width: 120, height: 80)))
        #expect(picture.imageSize! == (320, 80))
        #expect(picture.setImage(try Self.png(width: 60, height: 40), covering: (width: 120, height: 80)))
        #expect(picture.imageSize! == (60, 40))
        #expect(picture.setImage(try Self.png(width: 240, height: 160)))
        #expect(picture.imageSize! == (240, 160))
        #expect(!picture.setImage(Data("junk".utf8), covering: (width: 120, height: 80)))
        #expect(picture.imageSize! == (240, 160))
    }

    /// Decoded away from the main thread, an image keeps the pixels that cover its area at the
    /// display's scale: twice as many each way at scale 2. A picture then shows it as it is.
    @Test func imagesDecodeOffTheMainThreadForTheDisplaysScale() async throws {
        let png = try Self.png(width: 480, height: 320)
        let sharp = try #require(await Task.detached { await DecodedImage.decoded(png, covering: (120, 80), scale: 2) }.value)
        #expect(sharp.size == (240, 160))
        let plain = try #require(await DecodedImage.decoded(png, covering: (120, 80), scale: 1))
        #expect(plain.size == (120, 80))
        #expect(await DecodedImage.decoded(Data("junk".utf8), covering: (120, 80), scale: 1) == nil)
        let picture = Picture()
        picture.show(sharp, from: (png, (120, 80)))
        #expect(picture.imageSize! == (240, 160))
    }

    /// An image's size is read from its header (PNG, and JPEG past its other segments), and a
    /// JPEG is decoded straight to the size that covers the area; a header cut short is no size.
    @Test func imageHeadersGiveTheSizeAndJPEGsDecodeToTheArea() throws {
        #expect(ImageHeader(try Self.png(width: 300, height: 7)) == ImageHeader(format: "png", width: 300, height: 7))
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TripDemo/Data/deals/images/10-10030.jpg"))
        #expect(ImageHeader(jpeg) == ImageHeader(format: "jpeg", width: 240, height: 160))
        #expect(ImageHeader(jpeg.prefix(40)) == nil)
        #expect(ImageHeader(Data("<html>".utf8)) == nil)
        #expect(DecodedImage(jpeg, covering: (120, 80))!.size == (120, 80))
        #expect(DecodedImage(jpeg, covering: (60, 60))!.size == (90, 60))
        #expect(DecodedImage(jpeg, covering: (480, 320))!.size == (240, 160))
    }

    /// PNG bytes of a `width` × `height` image, made with GdkPixbuf and saved by GDK.
    static func png(width: Int, height: Int) throws -> Data {
        let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99FF)
        let texture = try #require(gdk_texture_new_for_pixbuf(pixbuf))
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let bytes = try #require(gdk_texture_save_to_png_bytes(texture))
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let start = g_bytes_get_data(bytes, &size)
        return Data(bytes: start!, count: Int(size))
    }

    static let onePixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
}

final class Counter {
    var alive = 0
}

final class Tracked {
    let counter: Counter
    init(_ counter: Counter) {
        self.counter = counter
        counter.alive += 1
    }
    deinit { counter.alive -= 1 }
}
