import CGtk
import Testing
@testable import Gtk
@testable import Shumate

/// The libshumate wrappers against real libshumate on a (virtual) display, on the same GObject
/// layer as GTK's. Every map here has only the no-tiles reference source: nothing is downloaded.
@Suite(.serialized)
@MainActor
struct ShumateLayerTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// A window holding a map of the given size, shown, once the map has that size.
    /// `around` puts the map in what the window shows (the map itself unless given).
    func shownMap(width: Int = 800, height: Int = 600,
                  around: (MapView) -> Widget = { $0 }) throws -> (PlainWindow, MapView) {
        let window = PlainWindow()
        let map = MapView()
        map.setSizeRequest(width: width, height: height)
        window.setChild(around(map))
        window.present()
        try #require(waitUntil { gtk_widget_get_width(map.widget) == width && gtk_widget_get_height(map.widget) == height })
        return (window, map)
    }

    /// Runs the main loop until `condition` holds, or five seconds pass (then false). A
    /// repeating wake-up lets the deadline be checked while nothing else happens.
    func waitUntil(_ condition: () -> Bool) -> Bool {
        let wakeUp = g_timeout_add(50, { _ in 1 /* G_SOURCE_CONTINUE */ }, nil)
        defer { g_source_remove(wakeUp) }
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Every closure handed to GLib for a map (300 pins that are buttons, viewport watches, the
    /// move-finished handler) is released: the pins' as they are removed, the watches' as they
    /// are disconnected, and the rest with the window.
    @Test func everyClosureIsReleasedWithTheMap() throws {
        MainLoop.iteratePending()
        let before = UserDataBoxes.liveCount
        do {
            let licence = MapLicence()
            let (window, map) = try shownMap { map in
                let overlay = Overlay(base: map, over: Label("200 m"))
                gtk_overlay_add_overlay(OpaquePointer(overlay.pointer), licence.widget)
                return overlay
            }
            licence.extraText = "© OpenStreetMap contributors"
            licence.append(map.reference)
            let pins = MarkerLayer(viewport: map.viewport)
            let river = PathLayer(viewport: map.viewport)
            river.setPoints([(51.5010, -0.1300), (51.5080, -0.1160), (51.5055, -0.0900)])
            river.setStroke(colour: "#1c71d8", width: 4)
            map.addBase(river)
            map.add(pins)
            var markers: [Int: Marker] = [:]
            for id in 0..<300 {
                let button = Button(label: "\(id)")
                button.onClicked {}
                let marker = Marker(child: button, latitude: 51.49 + Double(id) * 0.0001, longitude: -0.13 + Double(id) * 0.0001)
                markers[id] = marker
                pins.add(marker)
            }
            let watch = map.onViewportChanged {}
            map.onMoveFinished {}
            map.go(toLatitude: 51.5074, longitude: -0.1278, zoom: 15)
            for _ in 0..<5 { MainLoop.iteratePending() }
            #expect(pins.markerCount == 300)
            #expect(UserDataBoxes.liveCount == before + 300 + 3 + 1, "one box a pin, three for the viewport watch, one for move-finished")

            for id in markers.keys.sorted() {
                pins.remove(markers.removeValue(forKey: id)!)
            }
            MainLoop.iteratePending()
            #expect(pins.markerCount == 0)
            #expect(UserDataBoxes.liveCount == before + 3 + 1)
            map.viewport.disconnect(watch)
            #expect(UserDataBoxes.liveCount == before + 1)
            window.destroy()
        }
        MainLoop.iteratePending()
        #expect(UserDataBoxes.liveCount == before)
    }

    /// A map is made with the no-tiles reference source: the viewport takes its zoom range, and
    /// no tile layer is shown.
    @Test func aNewMapHasTheNoTilesReferenceAndNoTiles() {
        let map = MapView()
        #expect(map.reference.id == "no-tiles")
        #expect(map.reference.zoom == 0...19)
        #expect(map.reference.tileSize == 256)
        #expect(map.viewport.zoomRange == 0...19)
        #expect(map.tileSource == nil)
        // A second map reuses the data source's type, registered once.
        #expect(MapView().reference.zoom == 0...19)
    }

    /// After an instant move, the area on screen surrounds the centre and matches libshumate's
    /// own arithmetic at 800 × 600 and zoom 15 over Charing Cross.
    @Test func visibleBoxSurroundsTheCentre() throws {
        let (window, map) = try shownMap()
        defer { window.destroy() }
        map.go(toLatitude: 51.5074, longitude: -0.1278, zoom: 15)
        #expect(map.zoomLevel == 15)
        #expect(abs(map.viewport.latitude - 51.5074) < 1e-9)
        let box = try #require(map.visibleBox())
        #expect(box.south < 51.5074 && 51.5074 < box.north)
        #expect(box.west < -0.1278 && -0.1278 < box.east)
        #expect(abs(box.north - 51.51541) < 1e-4 && abs(box.west - -0.14497) < 1e-4)
        #expect(abs(box.south - 51.49939) < 1e-4 && abs(box.east - -0.11063) < 1e-4)
        let centre = map.widgetPoint(latitude: 51.5074, longitude: -0.1278)
        #expect(abs(centre.x - 400) < 0.5 && abs(centre.y - 300) < 0.5)
    }

    /// A map with no size yet has no visible area to report.
    @Test func visibleBoxIsNilBeforeTheMapHasASize() {
        #expect(MapView().visibleBox() == nil)
    }

    /// The zoom buttons' steps go to whole levels (GNOME Maps' rule), not libshumate's fifths.
    @Test(arguments: [(15.0, 16.0, 14.0), (15.2, 16.0, 14.0), (15.5, 16.0, 15.0), (15.8, 17.0, 15.0), (19.0, 19.0, 18.0)])
    func zoomStepsGoToWholeLevels(from: Double, zoomedIn: Double, zoomedOut: Double) throws {
        let map = MapView()
        map.go(toLatitude: 51.5074, longitude: -0.1278, zoom: from)
        map.zoomIn(duration: .zero)
        #expect(map.zoomLevel == zoomedIn)
        map.go(toLatitude: 51.5074, longitude: -0.1278, zoom: from)
        map.zoomOut(duration: .zero)
        #expect(map.zoomLevel == zoomedOut)
    }

    /// An animated zoom-in arrives at the next whole level, and then says the move finished,
    /// through the closure with its own VOID__VOID marshaller (the signal's is wrong in 1.0.3).
    @Test func animatedZoomInArrivesAndFinishes() throws {
        let (window, map) = try shownMap()
        defer { window.destroy() }
        map.go(toLatitude: 51.5074, longitude: -0.1278, zoom: 15)
        var finished = 0
        map.onMoveFinished { finished += 1 }
        map.zoomIn()
        #expect(waitUntil { finished == 1 })
        #expect(map.zoomLevel == 16)
        #expect(abs(map.viewport.latitude - 51.5074) < 1e-9)
    }

    /// Stopping an animated move reports it finished at once.
    @Test func anInterruptedMoveFinishes() throws {
        let map = MapView()
        var finished = 0
        map.onMoveFinished { finished += 1 }
        map.go(toLatitude: 48.8566, longitude: 2.3522, zoom: 12, duration: .seconds(10))
        map.go(toLatitude: 51.5074, longitude: -0.1278, zoom: 15)
        #expect(finished == 1)
        #expect(map.zoomLevel == 15)
    }

    /// A viewport watch hears moves and zooms until it is disconnected.
    @Test func viewportWatchHearsMovesUntilDisconnected() {
        let map = MapView()
        var changes = 0
        let watch = map.onViewportChanged { changes += 1 }
        map.center(latitude: 51.5, longitude: -0.12)
        #expect(changes == 2, "latitude, then longitude")
        map.zoomLevel = 12
        #expect(changes == 3)
        map.viewport.disconnect(watch)
        map.center(latitude: -37.8136, longitude: 144.9631)
        #expect(changes == 3)
        #expect(abs(map.viewport.longitude - 144.9631) < 1e-9)
    }

    /// Markers move, and a layer leaves alone a marker that is not its own.
    @Test func markersMoveAndBelongToOneLayer() {
        let map = MapView()
        let pins = MarkerLayer(viewport: map.viewport)
        let other = MarkerLayer(viewport: map.viewport)
        let marker = Marker(child: Label("RG"), latitude: 51.5154, longitude: -0.1419)
        pins.add(marker)
        other.remove(marker)
        #expect(pins.markerCount == 1)
        marker.move(latitude: 51.5, longitude: -0.12)
        #expect(marker.latitude == 51.5 && marker.longitude == -0.12)
        pins.remove(marker)
        #expect(pins.markerCount == 0)
    }

    /// A path's points are replaced, not appended to, by `setPoints`.
    @Test func pathPointsAreReplaced() {
        let map = MapView()
        let path = PathLayer(viewport: map.viewport)
        path.setPoints([(51.5, -0.12), (51.51, -0.11)])
        path.append(latitude: 51.52, longitude: -0.10)
        #expect(path.pointCount == 3)
        path.setPoints([(45.5017, -73.5673)])
        #expect(path.pointCount == 1)
    }
}
