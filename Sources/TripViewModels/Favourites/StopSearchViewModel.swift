import Foundation
import Observation
import TripCore
import TripWords

/// "Add stop": find stops by name as the person types, or near a place, and add them to favourites.
///
/// Typing is debounced; a new search cancels the old, and an answer for older text is never shown.
@MainActor
@Observable
public final class StopSearchViewModel {
    public enum Mode: String, CaseIterable, Sendable {
        case name = "By name"
        case near = "Near a place"
        /// On the map of stops, whose own view model finds them (`MapViewModel`).
        case map = "On a map"

        /// What the choice says, in the person's language (the raw value stays English).
        public var title: String {
            switch self {
            // TRANSLATORS: a way to search for stops.
            case .name: tr("By name")
            case .near: tr("Near a place")
            case .map: tr("On a map")
            }
        }
    }

    public var mode: Mode = .name {
        didSet { if mode != oldValue { search() } }
    }
    /// The stop name typed so far.
    public var text = "" {
        didSet { if text != oldValue { scheduleSearch(waiting: true) } }
    }
    public let places: [KnownPlace]
    /// The landmark chosen; nil when the person typed coordinates.
    public private(set) var placeIndex: Int?
    public var latitudeText = "" { didSet { if latitudeText != oldValue { coordinatesEdited() } } }
    public var longitudeText = "" { didSet { if longitudeText != oldValue { coordinatesEdited() } } }
    /// Metres around the point.
    public var radius = 300 { didSet { if radius != oldValue { scheduleSearch(waiting: true) } } }
    public static let radii = 50...2000
    /// Why the radius typed was refused (the last good one stays); nil when it was fine.
    public private(set) var radiusProblem: String?

    /// The stops found. Nothing stays on screen while a new search runs or after it failed.
    public private(set) var state: Loadable<[TransitStop]> = .idle
    /// What was searched for, in words: "“oxford”" or "within 300 m of Oxford Circus".
    public private(set) var searched = ""
    /// How the search on screen was made (the mode may have changed since).
    @ObservationIgnored private var searchedMode: Mode = .name
    /// A provider that failed while others answered: the results are not the whole answer.
    public private(set) var partialFailure: UserFacingError?

    public static let debounce: Duration = .milliseconds(350)

    @ObservationIgnored private var services: [any TransitClient]
    @ObservationIgnored private weak var favourites: FavouriteList?
    /// Waits for typing to pause; a newer search drops an older one's answer.
    @ObservationIgnored private let typing: Debouncer

    public init(services: [any TransitClient], favourites: FavouriteList?, clock: any Clock<Duration>,
                places: [KnownPlace] = KnownPlaces.london) {
        self.services = services
        self.favourites = favourites
        typing = Debouncer(pause: Self.debounce, clock: clock)
        self.places = places
        choosePlace(0)
    }

    /// Searches near a landmark: fills in its coordinates.
    public func choosePlace(_ index: Int) {
        guard places.indices.contains(index) else { return }
        let point = places[index].coordinate
        latitudeText = String(format: "%.5f", point.latitude)
        longitudeText = String(format: "%.5f", point.longitude)
        placeIndex = index
    }

    /// The radius typed in its field: the metres kept, or nil when refused (said in `problem`
    /// until the field is fine again).
    @discardableResult
    public func enterRadius(_ text: String) -> Int? {
        guard let metres = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), Self.radii.contains(metres) else {
            radiusProblem = tr("The radius is %1$ld to %2$ld metres.").filled(Self.radii.lowerBound, Self.radii.upperBound)
            return nil
        }
        radiusProblem = nil
        radius = metres
        return metres
    }

    /// Why the near-a-place search cannot run, shown beside the fields; nil when it can.
    public var problem: String? {
        guard mode == .near else { return nil }
        if let radiusProblem { return radiusProblem }
        guard coordinate != nil else {
            return tr("Latitude is −90 to 90 and longitude −180 to 180, in degrees (e.g. 51.5074, −0.1278).")
        }
        return nil
    }

    /// One row a place: a stop, or the stops of one street in each direction together.
    public var rows: [StopResultRow] {
        StopResultRow.places(state.value ?? []).map { StopResultRow($0) { [favourites] in favourites?.isFavourite($0) ?? false } }
    }

    public var screen: ScreenState {
        switch state {
        case .idle:
            return .empty(title: tr("Find a stop"),
                          message: mode == .name ? tr("Type part of a stop’s name, such as Oxford Circus or Waterloo.")
                              : tr("Choose a place, or type a latitude and longitude, and a radius."))
        case .loading: return .loading
        case .failed(let failure, _): return .failed(failure)
        case .loaded(let stops) where stops.isEmpty:
            // TRANSLATORS: %1$@ is what was searched: "“oxford”", or "within 500 m of Oxford Circus".
            return .empty(title: tr("No stops found"),
                          message: searchedMode == .name ? tr("Nothing matches %1$@. Try another name, or part of one.").filled(searched)
                            : tr("Nothing matches %1$@. Try a wider radius or another place.").filled(searched))
        case .loaded: return .content
        }
    }

    /// "3 stops matching “oxford”" once a search has answered, and which service could not be
    /// searched; empty otherwise. It counts the rows shown: a street's two directions, one row with
    /// an Add each, are one stop "in both directions" ("1 stop matching “highett”, in both directions").
    public var summary: String {
        guard let stops = state.value else { return "" }
        var parts: [String] = []
        let places = StopResultRow.places(stops)
        if !places.isEmpty {
            let twoWay = places.count { $0.count > 1 }
            let ways = switch twoWay {
            case 0: ""
            // TRANSLATORS: after "1 stop matching “highett”": the one stop found has a stop each way.
            case places.count where twoWay == 1: tr(", in both directions")
            // TRANSLATORS: after "3 stops matching “highett”": each has a stop each way.
            case places.count: tr(", each in both directions")
            // TRANSLATORS: after "3 stops matching “highett”": %1$ld of them have a stop each way.
            default: tr(", %1$ld of them in both directions").filled(twoWay)
            }
            let found = searchedMode == .name
                // TRANSLATORS: %2$@ is what was typed, in quotes: "3 stops matching “oxford”".
                ? trn("%1$ld stop matching %2$@", "%1$ld stops matching %2$@", places.count).filled(places.count, searched)
                // TRANSLATORS: %2$@ is where: "3 stops within 500 m of Oxford Circus".
                : trn("%1$ld stop %2$@", "%1$ld stops %2$@", places.count).filled(places.count, searched)
            parts.append(found + ways)
        }
        if let partialFailure { // TRANSLATORS: %1$@ is a failure's title: "Can’t reach the London bus service".
            parts.append(tr("Not searched: %1$@").filled(partialFailure.title)) }
        return parts.joined(separator: " · ")
    }

    /// Stops are found by `services` from now on; a search on screen runs again with them.
    public func use(_ services: [any TransitClient]) {
        self.services = services
        if state != .idle { search() }
    }

    /// Searches now (Enter), without waiting for typing to pause.
    public func search() {
        scheduleSearch(waiting: false)
    }

    public func retry() {
        search()
    }

    /// Adds the result to favourites (a stop already there is not added twice).
    @discardableResult
    public func add(_ key: StopKey) -> Task<Bool, Never> {
        guard let stop = state.value?.first(where: { $0.id == key }), let favourites else { return Task { false } }
        return favourites.add(stop)
    }

    /// Stops any search in flight; what is on screen stays.
    public func cancel() {
        typing.cancel()
        if case .loading = state { state = .idle }
    }

    private var coordinate: Coordinate? {
        func number(_ text: String) -> Double? {
            Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "−", with: "-"))
        }
        guard let lat = number(latitudeText), let lon = number(longitudeText) else { return nil }
        let point = Coordinate(latitude: lat, longitude: lon)
        return point.isValid ? point : nil
    }

    private func coordinatesEdited() {
        placeIndex = nil
        scheduleSearch(waiting: true)
    }

    /// Searches for what the form holds, once typing pauses when `waiting`, else at once; a form
    /// that cannot be searched yet drops any search under way and shows nothing.
    private func scheduleSearch(waiting: Bool) {
        let request: (words: String, run: @Sendable (any TransitClient) async throws(APIError) -> [TransitStop])
        let mode = mode
        switch mode {
        case .name:
            let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard query.count >= 2 else {
                typing.cancel()
                state = .idle
                return
            }
            request = (tr("“%1$@”").filled(query), { service throws(APIError) in try await service.searchStops(matching: query) })
        case .map:
            typing.cancel()
            state = .idle
            return
        case .near:
            guard let point = coordinate else {
                typing.cancel()
                state = .idle
                return
            }
            let place = placeIndex.map { places[$0].name } ?? String(format: "%.4f, %.4f", point.latitude, point.longitude)
            let radius = max(Self.radii.lowerBound, min(Self.radii.upperBound, radius))
            // TRANSLATORS: where stops are searched: "within 500 m of Oxford Circus".
            request = (tr("within %1$ld m of %2$@").filled(radius, place),
                       { service throws(APIError) in try await service.stops(near: point, radius: radius) })
        }
        state = .loading(shown: nil)
        let services = mode == .near ? services.filter(\.provider.findsStopsNearby) : services
        let run: @MainActor (LatestRequest.Turn) async -> Void = { [weak self] turn in
            let outcome = await Self.gather(services, request.run)
            guard let self, turn.isCurrent else { return }
            self.searched = request.words
            self.searchedMode = mode
            switch outcome {
            case .success(let found):
                self.partialFailure = found.failure
                self.state = .loaded(found.stops)
            case .failure(.cancelled): return
            case .failure(let error): self.state = .failed(UserFacingError(error, service: "the stop search"), shown: nil)
            }
        }
        if waiting { typing.schedule(run) } else { typing.runNow(run) }
    }

    /// Asks every service. The search fails only when every one of them failed; a service that
    /// failed beside others that answered is reported with the results, never left out silently.
    private static func gather(_ services: [any TransitClient],
                               _ run: @escaping @Sendable (any TransitClient) async throws(APIError) -> [TransitStop])
        async -> Result<(stops: [TransitStop], failure: UserFacingError?), APIError> {
        var found: [TransitStop] = []
        var failure: (error: APIError, provider: any TransitProvider)?
        var answered = 0
        for service in services {
            do throws(APIError) {
                found += try await run(service)
                answered += 1
            } catch {
                failure = failure ?? (error, service.provider)
            }
        }
        if Task.isCancelled { return .failure(.cancelled) }
        guard let failure else { return .success((found, nil)) }
        if answered == 0 { return .failure(failure.error) }
        return .success((found, UserFacingError(failure.error, service: failure.provider.serviceName)))
    }
}

/// One place found by "Add stop", every string ready to show: a stop, or the stops on either side
/// of one street (a tram stop's two directions, each with its own number), each with its own Add.
public struct StopResultRow: Sendable, Equatable, Identifiable {
    public var id: StopKey
    /// The stops of this place, one per direction; the first is the one opened.
    public var stops: [TransitStop]
    /// "Oxford Circus Station (Stop OC)", or a two-way place's name, "Highett St & Church St"
    public var title: String
    /// "London bus · 12, 88, 139 · 120 m", or "Melbourne tram · towards Balaclava · 78 · 40 m"
    public var detail: String
    /// What the Add buttons add: one a stop.
    public var choices: [StopChoice]
    /// "Highett St & Church St, Melbourne tram, 2 directions, route 78, 40 metres away, 4055 towards
    /// North Richmond in favourites, 4155 towards Balaclava"
    public var accessibleName: String

    public var stop: TransitStop { stops[0] }

    /// One Add: the stop it adds, and its label (which says when it is already a favourite).
    public struct StopChoice: Sendable, Equatable {
        public var key: StopKey
        /// "Add", or for one direction of a two-way place "Add: towards Balaclava (4155)"
        public var label: String
        public var isFavourite: Bool
    }

    init(_ stops: [TransitStop], isFavourite: (StopKey) -> Bool) {
        let first = stops[0]
        id = first.id
        self.stops = stops
        let twoWay = stops.count > 1
        title = twoWay ? first.name : first.title
        var lines: [String] = []
        for line in stops.flatMap(\.lines) where !lines.contains(line) { lines.append(line) }
        let distance = stops.compactMap(\.distance).min().map { Int($0.rounded()) }

        var parts = [translated(first.provider.modeName)]
        if !twoWay, let direction = first.direction { parts.append(direction) }
        if !lines.isEmpty { parts.append(lines.joined(separator: ", ")) }
        // TRANSLATORS: a distance in metres: "120 m".
        if let distance { parts.append(tr("%1$ld m").filled(distance)) }
        detail = parts.joined(separator: " · ")

        choices = stops.map { stop in
            let added = isFavourite(stop.id)
            let action = added ? tr("In favourites") : tr("Add")
            // TRANSLATORS: a button for one direction of a street's stops: "Add: towards Brighton (4055)", %1$@ being "Add" or "In favourites".
            let label = twoWay ? tr("%1$@: %2$@ (%3$@)").filled(action, stop.direction ?? stop.stopID, stop.stopID) : action
            return StopChoice(key: stop.id, label: label, isFavourite: added)
        }

        var spoken = [twoWay ? first.name : first.spokenName, translated(first.provider.modeName)]
        if twoWay { spoken.append(Plural.counted(stops.count, "%ld direction", "%ld directions")) } else if let direction = first.direction { spoken.append(direction) }
        if !lines.isEmpty { spoken.append(trn("route %1$@", "routes %1$@", lines.count).filled(lines.joined(separator: tr(", ")))) }
        if let distance { spoken.append(Plural.counted(distance, "%ld metre away", "%ld metres away")) }
        if twoWay {
            spoken += zip(stops, choices).map { stop, choice in
                // TRANSLATORS: read aloud: a stop's number %1$@ and its direction %2$@ (may be empty).
                choice.isFavourite ? tr("stop %1$@ %2$@ in favourites").filled(stop.stopID, stop.direction ?? "")
                    : tr("stop %1$@ %2$@").filled(stop.stopID, stop.direction ?? "")
            }
        } else if choices[0].isFavourite {
            spoken.append(tr("in favourites"))
        }
        accessibleName = spoken.joined(separator: ", ")
    }

    /// Search results as places, in the order found: the stops of one provider that share a name,
    /// have no letter and face different directions are one place (TramTracker numbers each side
    /// of a street; TfL's lettered stops stay apart, as their letters are what people look for).
    static func places(_ stops: [TransitStop]) -> [[TransitStop]] {
        var places: [[TransitStop]] = []
        for stop in stops {
            if stop.letter == nil, stop.direction != nil,
               let index = places.firstIndex(where: { place in
                   place[0].provider.id == stop.provider.id && place[0].name == stop.name && place[0].letter == nil
                       && place.allSatisfy { $0.direction != nil && $0.direction != stop.direction }
               }) {
                places[index].append(stop)
            } else {
                places.append([stop])
            }
        }
        return places
    }
}

extension StopSearchViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        if settings.serviceChanged(by: changed).map(settings.registry.transit) != nil { use(services.stops) }
    }
}
