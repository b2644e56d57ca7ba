import Foundation
import Observation
import TripCore
import TripWords

/// The map of stops on Add Stop: as the map settles after a pan or zoom, the stops of the
/// visible area from every service that finds stops nearby, as pins and as the "Stops in this
/// area" list; a pin's panel, with its favourite star.
///
/// The view tells it each viewport (`viewportChanged`), as often as the map moves. Loads wait
/// for the viewport to settle (`settle`), a new viewport drops the load under way and an answer
/// for an older area is never drawn. The pins already shown stay while the next area loads.
/// Pins are published by id (`pinChanges`), so the view updates markers and never rebuilds them.
@MainActor
@Observable
public final class MapViewModel {
    /// What the map shows besides its pins.
    public enum State: Sendable, Equatable {
        /// No viewport yet.
        case idle
        /// Zoomed out too far for stops: `AreaWords.zoomIn` is shown, no pin, nothing asked.
        case zoomInHint
        /// Waiting for the map to settle, or for the services; the pins shown stay meanwhile.
        case loading
        /// The pins are the area's (less any service that failed: see `notice`).
        case loaded
    }

    /// Below this zoom level an area holds too many stops to ask for or to draw. At 15 a window of
    /// 800 × 600 pixels in London is about 2.4 × 1.8 km, within what the services accept.
    public static let minimumStopZoom = 15.0
    /// The zoom the map opens at: stops show.
    public static let openingZoom = 16.0
    /// How long the viewport must rest before its stops are asked for.
    public static let settle: Duration = .milliseconds(300)

    public private(set) var state: State = .idle
    /// The pins on the map, by id. Change them in the view through `pinChanges`.
    public private(set) var pins: [StopKey: MapPin] = [:]
    /// The last change to `pins`: what to add, update and remove on the map.
    public private(set) var pinChanges = PinChanges()
    /// Which services could not be asked for this area ("Stops of the London bus service could not
    /// be loaded"), shown beside the map; nil when all answered.
    public private(set) var notice: String?
    /// Why each service named in `notice` failed, for its details.
    public private(set) var failures: [ServiceID: UserFacingError] = [:]
    /// The area whose stops the pins are; nil before the first answer and below the zoom for stops.
    public private(set) var shownBox: GeoBox?
    /// The stop whose panel is open.
    public private(set) var selectedID: StopKey?
    /// "Locate me" (`LocateViewModel`), where something can find this device; nil shows no button.
    @ObservationIgnored public var locating: LocateViewModel?

    @ObservationIgnored private var services: [any TransitClient]
    @ObservationIgnored private weak var favourites: FavouriteList?
    @ObservationIgnored private let settling: Debouncer
    /// The latest viewport, and its zoom: what `retry` and a change of services ask again.
    @ObservationIgnored private var viewport: (box: GeoBox, zoom: Double)?
    /// The stop of the open panel as it was found, so the panel outlives its pin leaving the area.
    @ObservationIgnored private var selectedStop: TransitStop?

    /// - Parameters:
    ///   - services: the transit clients of the registry, in its order (as `StopSearchViewModel`
    ///     gets them); those that cannot find stops nearby are never asked.
    ///   - favourites: the favourites list, which marks pins and which the star edits.
    public init(services: [any TransitClient], favourites: FavouriteList?, clock: any Clock<Duration>) {
        self.services = services
        self.favourites = favourites
        settling = Debouncer(pause: Self.settle, clock: clock)
        followFavourites()
    }

    /// What the map shows over the pins: "Zoom in to see stops"; nil when stops show.
    public var hint: String? { state == .zoomInHint ? AreaWords.zoomIn : nil }

    /// "Stops in this area": the pins, nearest the area's centre first.
    public var rows: [MapPin] {
        pins.values.sorted(by: MapPin.nearestFirst(shownBox?.centre))
    }

    /// Where the map opens: the middle of the favourites' stops (those of the first favourite's
    /// service, so a London and a Melbourne favourite do not open it in the Indian Ocean); with no
    /// favourite placed, the default place of the first transit service that has one.
    public var openingCentre: Coordinate? {
        let placed = (favourites?.favourites ?? []).compactMap { favourite in
            favourite.stop.coordinate.map { (favourite.stop.provider.id, $0) }
        }
        if let first = placed.first {
            let points = placed.filter { $0.0 == first.0 }.map(\.1)
            let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
            return Coordinate(latitude: (latitudes.min()! + latitudes.max()!) / 2,
                              longitude: (longitudes.min()! + longitudes.max()!) / 2)
        }
        return services.lazy.compactMap(\.provider.defaultPlace).first?.coordinate
    }

    /// The map moved or zoomed: its visible area and zoom level. Below `minimumStopZoom` the hint
    /// shows, the pins go and nothing is asked (a load under way is dropped); otherwise the area's
    /// stops are asked for once the map has rested for `settle`.
    public func viewportChanged(box: GeoBox, zoom: Double) {
        viewport = (box, zoom)
        guard zoom >= Self.minimumStopZoom else {
            settling.cancel()
            state = .zoomInHint
            notice = nil
            failures = [:]
            shownBox = nil
            publish([:])
            return
        }
        state = .loading
        settling.schedule { [weak self] turn in await self?.load(box, turn) }
    }

    /// Asks for the latest area again now (the notice's Retry).
    public func retry() {
        guard let viewport, viewport.zoom >= Self.minimumStopZoom else { return }
        state = .loading
        settling.runNow { [weak self] turn in await self?.load(viewport.box, turn) }
    }

    /// Stops are found by `services` from now on; the area on the map is asked again with them.
    public func use(_ services: [any TransitClient]) {
        self.services = services
        retry()
    }

    // MARK: - A pin's panel

    /// Opens the panel of the pin (or row) `id`; nil closes it.
    public func select(_ id: StopKey?) {
        selectedID = id
        selectedStop = id.flatMap { pins[$0]?.stop }
        if selectedStop == nil { selectedID = nil }
    }

    /// The stop of the open panel, marked as the pins are: its letter or number, name, routes and
    /// star. It stays when the map is moved and its pin leaves the area.
    public var selected: MapPin? {
        guard let selectedID else { return nil }
        if let pin = pins[selectedID] { return pin }
        return selectedStop.flatMap { MapPin($0, isFavourite: favourites?.isFavourite(selectedID) ?? false) }
    }

    /// The panel's star: adds the stop to the favourites, or removes it with Undo offered
    /// (`undoMessage`), committed before the pin shows it.
    @discardableResult
    public func toggleFavourite() -> Task<Bool, Never> {
        guard let favourites, let stop = selected?.stop else { return Task { false } }
        return favourites.isFavourite(stop.id) ? favourites.remove(stop.id) : favourites.add(stop)
    }

    /// What the Undo bar says after the star removed a favourite; nil when there is nothing to undo.
    public var undoMessage: String? { favourites?.undoMessage }

    /// Puts back the favourites the star removed.
    @discardableResult
    public func undo() -> Task<Bool, Never> {
        favourites?.undoRemoval() ?? Task { false }
    }

    /// Waits until the load waiting or under way has ended (for tests and for quitting).
    public func wait() async {
        await settling.wait()
    }

    // MARK: - Loading

    /// Asks every service for `box` at once and, if it is still the latest area, shows the answer.
    /// A service that failed is named in `notice`; its pins already shown inside `box` stay.
    private func load(_ box: GeoBox, _ turn: LatestRequest.Turn) async {
        let answers = await box.ask(services)
        guard turn.isCurrent else { return }
        var stops: [StopKey: TransitStop] = [:]
        var failed: [any TransitProvider] = []
        var failures: [ServiceID: UserFacingError] = [:]
        for answer in answers {
            switch answer.outcome {
            case .success(let found):
                for stop in found { stops[stop.id] = stop }
            case .failure(let error):
                failed.append(answer.provider)
                failures[answer.provider.id] = UserFacingError(error, service: answer.provider.serviceName)
                for pin in pins.values where pin.id.provider == answer.provider.id && box.contains(pin.coordinate) {
                    stops[pin.id] = pin.stop
                }
            }
        }
        shownBox = box
        self.failures = failures
        notice = AreaWords.notLoaded(failed)
        publish(stops.compactMapValues { [favourites] in MapPin($0, isFavourite: favourites?.isFavourite($0.id) ?? false) })
        state = .loaded
    }

    /// Shows `next` as the pins, publishing the change (nothing when nothing changed).
    private func publish(_ next: [StopKey: MapPin]) {
        let changes = PinChanges(from: pins, to: next, centre: shownBox?.centre)
        guard !changes.isEmpty else { return }
        pins = next
        pinChanges = changes
    }

    /// Marks the pins afresh whenever the favourites change (the star here, the Favourites tab, an
    /// Undo): those whose mark changed are published as updated.
    private func followFavourites() {
        guard let favourites else { return }
        withObservationTracking {
            _ = favourites.favourites
        } onChange: { [weak self] in
            // Told before the change is made: look once it is.
            Task { @MainActor [weak self] in
                guard let self else { return }
                self.publish(self.pins.mapValues { pin in
                    MapPin(pin.stop, isFavourite: favourites.isFavourite(pin.id)) ?? pin
                })
                self.followFavourites()
            }
        }
    }
}

extension MapViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        if settings.serviceChanged(by: changed).map(settings.registry.transit) != nil { use(services.stops) }
    }
}
