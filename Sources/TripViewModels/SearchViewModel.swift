import Foundation
import Observation
import TripCore
import TripWords

/// The Search screen: a departures form, results that fill in page by page, sorting and details.
@MainActor
@Observable
public final class SearchViewModel {
    public enum SortOrder: String, CaseIterable, Sendable {
        case departure = "Departure time"
        case price = "Price"
        case duration = "Duration"

        /// What the sort choice says, in the person's language (the raw value stays English).
        public var title: String {
            switch self {
            // TRANSLATORS: a way to sort departures.
            case .departure: tr("Departure time")
            case .price: tr("Price")
            case .duration: tr("Duration")
            }
        }
    }

    /// How a search that ended without failing ended.
    public enum Ending: Equatable, Sendable {
        /// The service sent everything.
        case complete
        /// The service does not serve these two cities.
        case noRoute
        /// The search stopped waiting before the service finished: the list may be partial.
        case incomplete
        /// The person cancelled the search; what arrived before stays.
        case cancelled
    }

    public static let currencies = DepartureQuery.currencies
    public static let languages = DepartureQuery.languages
    public let cities: [City]

    // The form. A field the person sets is theirs: the saved defaults never overwrite it.
    public var origin: City { didSet { touch(.searchOrigin, oldValue != origin) } }
    public var destination: City { didSet { touch(.searchDestination, oldValue != destination) } }
    public var date: LocalDate
    public var adults: Int { didSet { touch(.searchAdults, oldValue != adults) } }
    public var children: Int { didSet { touch(.searchChildren, oldValue != children) } }
    public var seniors: Int { didSet { touch(.searchSeniors, oldValue != seniors) } }
    public var currency: String { didSet { touch(.searchCurrency, oldValue != currency) } }
    public var language: String { didSet { touch(.searchLanguage, oldValue != language) } }

    /// Why text typed in a traveller field (`.searchAdults`, `.searchChildren`, `.searchSeniors`)
    /// was refused, by field; the field keeps its last good value meanwhile.
    public private(set) var fieldProblems: [SettingKey: String] = [:]

    // The results.
    /// The search on screen: idle, searching (with the rows found so far, nil before the first),
    /// loaded, or failed (keeping the rows found before, nil when there were none).
    public private(set) var results: Loadable<[DepartureRow]> = .idle {
        didSet { applyFilter() }
    }
    /// How the search on screen ended, once it is loaded; nil while idle, searching or failed.
    public var ending: Ending? {
        if case .loaded = results { endedAs } else { nil }
    }
    /// How the latest search ended, read through `ending` (which says nothing until it is loaded).
    private var endedAs: Ending = .complete
    /// Every departure found, in the chosen order, the filters aside (`visibleRows` is what shows).
    public var rows: [DepartureRow] { results.value ?? [] }
    /// The departures the filters let through, in the chosen order: `rows` with the hidden ones
    /// left out. Filtering never sorts or remakes a row, so the rows already listed keep their
    /// places and values as pages arrive or a filter changes.
    public private(set) var visibleRows: [DepartureRow] = []
    /// The filters over the results. A new search (another route, day, party, currency or language)
    /// clears the operators chosen, since they name the last search's operators; the parts of the
    /// day and the amenities stay, as they mean the same on any search, and so does the highest
    /// price while the currency stays (a number in another currency would mean something else).
    /// Running the same search again (Retry, a change of data source) keeps every filter.
    public private(set) var filter = DepartureFilter() {
        didSet { if filter != oldValue { applyFilter() } }
    }
    /// The operators found in this search, by name, with how many departures each runs.
    public private(set) var operatorCounts: [DepartureFilter.OperatorCount] = []
    /// The price field's text, as typed (it stays when refused, for the person to correct).
    public private(set) var highestPriceText = ""
    /// Why the price field's text was refused; the last good highest price stays meanwhile.
    public private(set) var highestPriceProblem: String?
    public var sortOrder: SortOrder = .departure {
        didSet { results = results.map { Self.sorted($0, by: sortOrder) } }
    }
    /// The departure whose details are open, if any.
    public private(set) var details: DepartureDetails?
    /// The query of the search on screen, for Retry.
    public private(set) var lastQuery: DepartureQuery?

    @ObservationIgnored private var searching: any DepartureSearching
    @ObservationIgnored private let formatter: PriceFormatter
    @ObservationIgnored private let searchTask = LatestRequest()
    @ObservationIgnored private var detailsID: String?
    /// The lineage of the last snapshot shown and how many departures it gave: the next of the
    /// same lineage adds its departures after those (`SearchSnapshot.lineage`).
    @ObservationIgnored private var shown: (lineage: SearchSnapshot.Lineage, count: Int)?
    /// The form's fields the person has set; the defaults seed only the others.
    @ObservationIgnored private var touched: Set<SettingKey> = []
    /// Set while the defaults are put in the form, which is not the person's doing.
    @ObservationIgnored private var isSeeding = false
    /// Today by the app's clock, for the days services sell; nil leaves the day unchecked.
    @ObservationIgnored private let today: (() -> LocalDate)?
    /// The app's clock, for how old kept departures are.
    @ObservationIgnored private let now: @Sendable () -> Date
    /// Of the search on screen: departures sent that could not be read, and coaches left out
    /// because they have fewer seats left than it has travellers.
    @ObservationIgnored private var unreadable = 0
    @ObservationIgnored private var tooFewSeats = 0

    /// - Parameter today: today by the app's clock, so a past day or one further ahead than services
    ///   sell is refused beside the form (`DepartureQuery.problem(today:)`); nil checks no day.
    public init(searching: any DepartureSearching, cities: [City] = KnownCities.all,
                initial: DepartureQuery, formatter: PriceFormatter = PriceFormatter(),
                today: (() -> LocalDate)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.searching = searching
        self.today = today
        self.now = now
        self.cities = cities
        self.formatter = formatter
        origin = cities.first { $0.geohash == initial.origin } ?? cities[0]
        destination = cities.first { $0.geohash == initial.destination } ?? cities[min(1, cities.count - 1)]
        date = initial.date
        adults = initial.adults
        children = initial.children
        seniors = initial.seniors
        currency = initial.currency
        language = initial.language
    }

    /// The search the form describes.
    public var query: DepartureQuery {
        DepartureQuery(origin: origin.geohash, destination: destination.geohash, date: date, adults: adults,
                       children: children, seniors: seniors, currency: currency, language: language)
    }

    /// Why the form cannot be searched, shown beside it: a refused traveller field, else the
    /// form as a whole; nil when it can be searched.
    public var problem: String? {
        let refused = [SettingKey.searchAdults, .searchChildren, .searchSeniors].compactMap { fieldProblems[$0] }
        return refused.first ?? (today.map { query.problem(today: $0()) } ?? query.problem)?.sentence
    }

    /// Searching waits while a field shows text that was refused: the search would not be the one on screen.
    public var canSearch: Bool { problem == nil }

    /// Text typed in a traveller field, checked by the same rule as its default in Settings: the
    /// number it keeps, or nil when refused (said in `fieldProblems` until the field is fine again).
    /// Empty text is the field's default, as in Settings.
    @discardableResult
    public func enter(_ field: SettingKey, _ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let value = trimmed.isEmpty ? field.defaultValue : trimmed
        if let refused = Settings.problem(field, value) {
            fieldProblems[field] = refused.sentence(for: field)
            return nil
        }
        fieldProblems[field] = nil
        guard let number = Int(value) else { return nil }
        switch field {
        case .searchAdults: adults = number
        case .searchChildren: children = number
        case .searchSeniors: seniors = number
        default: return nil
        }
        return number
    }

    public var isSearching: Bool { results.isLoading }

    /// "Searching… 12 departures so far", "8 departures", or empty before any search; while a
    /// filter is on, how many show of how many were found ("6 of 8 departures"). What could not be
    /// read is said after it ("6 departures · 2 departures could not be read (the first: …)").
    public var progress: String {
        let count = filter.isActive ? FilterWords.shown(visibleRows.count, of: rows.count)
            : ItemKind.departure.counted(rows.count)
        let said: String
        switch (results, ending) {
        case (.idle, _): return ""
        // TRANSLATORS: %1$@ counts the departures found: "12 departures", or "6 of 8 departures".
        case (.loading, _): said = tr("Searching… %1$@ so far").filled(count)
        case (.failed, _): said = rows.isEmpty ? tr("The search failed") : tr("%1$@ found before the search failed").filled(count)
        case (_, .noRoute): return tr("No coaches run between these cities")
        case (_, .incomplete): said = tr("%1$@ found; the service was still searching when Tripboard stopped waiting").filled(count)
        case (_, .cancelled): said = rows.isEmpty ? tr("Search cancelled") : tr("%1$@ found before the search was cancelled").filled(count)
        case (_, .complete), (.loaded, nil): said = count
        }
        let changed = formChanged ? tr("found for the form as it was: press Search for the form as it is") : nil
        return [said, leftOut, changed].compactMap(\.self).joined(separator: " · ")
    }

    /// Whether the form now describes another search than the one whose results are on screen.
    public var formChanged: Bool {
        guard let lastQuery, results != .idle else { return false }
        return query != lastQuery
    }

    /// "2 departures could not be read", for the search on screen; nil when none were left out.
    public private(set) var leftOut: String?
    /// `leftOut` with the reason the first unreadable departure gave, for the status's details.
    public private(set) var leftOutDetails: String?

    /// The form's day, e.g. "Fri, 29 Jul 2016".
    public var dateText: String {
        var style = Date.FormatStyle(locale: formatter.locale).weekday(.abbreviated).day().month(.abbreviated).year()
        style.timeZone = .gmt
        return LocalDateTime(date: date, hour: 12, minute: 0).instant(in: .gmt).formatted(style)
    }

    /// What the results area shows.
    public var screen: ScreenState {
        let route = lastQuery.map { query in
            (KnownCities.named(geohash: query.origin)?.name ?? query.origin,
             KnownCities.named(geohash: query.destination)?.name ?? query.destination)
        } ?? (origin.name, destination.name)
        switch (results, ending) {
        case (.idle, _):
            return .empty(title: tr("Find a coach"), message: tr("Choose where from, where to and the day, then press Search."))
        case _ where visibleRows.isEmpty && !rows.isEmpty:
            // Never "no departures" while some were found: the filters hid them.
            return .empty(title: FilterWords.allHidden(rows.count), message: FilterWords.allHiddenMessage)
        case (.loading, _):
            return rows.isEmpty ? .loading : .content
        case (.failed(let failure, _), _) where rows.isEmpty:
            return .failed(failure)
        case (.failed, _):
            return .content
        case (_, .complete) where rows.isEmpty && unreadable > 0, (_, .incomplete) where rows.isEmpty && unreadable > 0:
            // Never "no departures" when the service sent some: what it sent could not be read.
            return .failed(UserFacingError(
                title: tr("Tripboard could not read the departures"),
                message: tr("The coach search service answered, but none of its departures could be read. It may have changed how it answers."),
                details: leftOutDetails.map { $0.prefix(1).uppercased() + $0.dropFirst() + "." }))
        case (_, .complete) where rows.isEmpty && tooFewSeats > 0:
            let travellers = lastQuery?.travellers ?? query.travellers
            // TRANSLATORS: %1$ld is how many travel together.
            return .empty(title: trn("No coach has a seat left", "No coach has room for %1$ld travellers", travellers).filled(travellers),
                          // TRANSLATORS: %3$ld coaches, from the city %1$@ to the city %2$@, each with too few seats left for the group.
                          message: trn("The one coach from %1$@ to %2$@ that day has fewer seats left. Try another day, or book part of the group apart.",
                                       "All %3$ld coaches from %1$@ to %2$@ that day have fewer seats left. Try another day, or book part of the group apart.",
                                       tooFewSeats).filled(route.0, route.1, tooFewSeats))
        case (_, .complete) where rows.isEmpty:
            // TRANSLATORS: %1$@ and %2$@ are cities.
            return .empty(title: tr("No departures on this day"),
                          message: tr("No coach leaves %1$@ for %2$@ that day. Try another day.").filled(route.0, route.1))
        case (_, .noRoute):
            return .empty(title: tr("No coaches between these cities"),
                          message: tr("The coach search knows no service from %1$@ to %2$@.").filled(route.0, route.1))
        case (_, .incomplete) where rows.isEmpty:
            return .empty(title: tr("Nothing found yet"),
                          message: tr("The search stopped before any departure arrived. Search again to give it more time."))
        case (_, .cancelled) where rows.isEmpty:
            return .empty(title: tr("Search cancelled"), message: tr("Press Search to look again."))
        case (.loaded, _):
            return .content
        }
    }

    /// What to mention above results that stay on screen: a failure after some arrived, a search
    /// that ended before the service finished, or departures kept from earlier and how old they are.
    public var notice: ContentNotice? {
        switch (results, ending) {
        case (.failed(let failure, _), _) where !rows.isEmpty:
            // TRANSLATORS: %1$@ is a failure's title, %2$@ what to do about it.
            return ContentNotice(refreshFailed: UserFacingError(title: tr("The search stopped before it finished"),
                                                                message: tr("%1$@. %2$@").filled(failure.title, failure.message),
                                                                details: failure.details, canRetry: failure.canRetry))
        case (_, .incomplete) where !rows.isEmpty:
            return ContentNotice(refreshFailed: UserFacingError(title: tr("The search did not finish"),
                                                                message: tr("There may be more departures than these. Retry searches again.")))
        default:
            return ContentNotice(provenance, kind: .departures, service: BusbudProvider().serviceName, now: now(), clock: clockFormat)
        }
    }
    /// When the departures shown arrived, and whether they come from the cache.
    public private(set) var provenance: Provenance?
    /// The departures shown were kept from earlier: the rows are marked as not fresh.
    public var showsKept: Bool { provenance?.isKept == true && !rows.isEmpty }
    /// The departures on screen are kept from earlier, or the search failed: the network coming
    /// back should run it again.
    public var awaitsNetwork: Bool { showsKept || results.failure != nil }

    /// 12- or 24-hour departure times; nil for 24-hour, the timetables' habit.
    public var clockFormat: ClockFormat? {
        didSet {
            guard clockFormat != oldValue else { return }
            let (formatter, clock) = (formatter, clockFormat)
            results = results.map { $0.map { DepartureRow($0.source, formatter: formatter, clock: clock) } }
            if let id = detailsID { open(id) }
        }
    }

    /// Departures come from `searching` from now on (the settings changed the source): a search
    /// on screen runs again against it.
    public func use(_ searching: any DepartureSearching) {
        searchTask.cancel()
        self.searching = searching
        if let lastQuery { run(lastQuery) }
    }

    /// Puts the saved defaults (cities, travellers, currency, language) in a fresh form: never in a
    /// field the person has set, and not at all once a search has run, so results never sit under
    /// a form that no longer describes them. The day stays.
    public func adopt(_ defaults: DepartureQuery) {
        guard lastQuery == nil else { return }
        isSeeding = true
        defer { isSeeding = false }
        if !touched.contains(.searchOrigin) { origin = cities.first { $0.geohash == defaults.origin } ?? origin }
        if !touched.contains(.searchDestination) {
            destination = cities.first { $0.geohash == defaults.destination } ?? destination
        }
        if !touched.contains(.searchAdults) { adults = defaults.adults }
        if !touched.contains(.searchChildren) { children = defaults.children }
        if !touched.contains(.searchSeniors) { seniors = defaults.seniors }
        if !touched.contains(.searchCurrency) { currency = defaults.currency }
        if !touched.contains(.searchLanguage) { language = defaults.language }
    }

    private func touch(_ field: SettingKey, _ changed: Bool) {
        if changed, !isSeeding { touched.insert(field) }
    }

    public func swap() {
        (origin, destination) = (destination, origin)
    }

    /// Starts the search the form describes, replacing any search in progress.
    public func search() {
        guard canSearch else { return }
        run(query)
    }

    /// Runs the last search again, exactly as it was.
    public func retry() {
        guard let lastQuery else { return search() }
        run(lastQuery)
    }

    /// Stops the search in progress; what has arrived stays.
    public func cancel() {
        guard case .loading(let shown) = results else { return }
        searchTask.cancel()
        endedAs = .cancelled
        results = .loaded(shown ?? [])
    }

    /// Opens the details of the departure `id`.
    public func open(_ id: String) {
        detailsID = id
        details = rows.first { $0.id == id }.map { DepartureDetails($0.source, formatter: formatter, clock: clockFormat) }
    }

    /// The details' title in the header bar, while they are open.
    public var drillDown: DrillDown? {
        details.map { DrillDown(title: $0.title, subtitle: $0.day) }
    }

    public func closeDetails() {
        detailsID = nil
        details = nil
    }

    private func run(_ query: DepartureQuery) {
        if query != lastQuery { filter.operators = [] }
        if let price = filter.highestPrice, price.currency != query.currency.uppercased() {
            filter.highestPrice = nil
            highestPriceText = ""
            highestPriceProblem = nil
        }
        lastQuery = query
        shown = nil
        details = nil
        detailsID = nil
        results = .loading(shown: nil)
        leftOut = nil
        leftOutDetails = nil
        provenance = nil
        unreadable = 0
        tooFewSeats = 0
        let stream = searching.snapshots(for: query)
        searchTask.start { [weak self] turn in
            for await snapshot in stream {
                guard let self, turn.isCurrent else { return }
                self.apply(snapshot)
            }
        }
    }

    private func apply(_ snapshot: SearchSnapshot) {
        // A snapshot of the lineage shown adds departures after those shown: the new rows alone
        // are made, sorted and merged in. Another is made into rows whole, each reusing the row
        // of an equal departure shown, so that the snapshot's copy (a kept answer shown first,
        // then the same departures fresh) is freed with it, not held twice.
        let departures = snapshot.departures
        let known = shown.flatMap { $0.lineage === snapshot.lineage && $0.count <= departures.count ? $0.count : nil }
        shown = (snapshot.lineage, departures.count)
        // The per-row work runs in nonisolated functions given what they need once: a closure
        // of the main actor's, run for each row, checked its executor each time.
        let (formatter, clock, order) = (formatter, clockFormat, sortOrder)
        let fresh = if let known {
            Self.merged(rows, Self.sorted(Self.rows(of: departures[known...], formatter: formatter, clock: clock), by: order), by: order)
        } else {
            Self.rows(of: departures, reusing: rows, formatter: formatter, clock: clock, sortedBy: order)
        }
        if snapshot.leftOut(reasons: false) != leftOut { leftOut = snapshot.leftOut(reasons: false) }
        if snapshot.leftOutSentence != leftOutDetails { leftOutDetails = snapshot.leftOutSentence }
        unreadable = snapshot.skipped
        tooFewSeats = snapshot.tooFewSeats
        if snapshot.provenance != provenance { provenance = snapshot.provenance }
        let kept = fresh.isEmpty ? nil : fresh
        let next: Loadable<[DepartureRow]>
        switch snapshot.phase {
        case .searching:
            next = .loading(shown: kept)
        case .complete:
            endedAs = snapshot.isValidRoute ? .complete : .noRoute
            next = .loaded(fresh)
        case .gaveUp:
            endedAs = .incomplete
            next = .loaded(fresh)
        case .failed(let error):
            next = .failed(UserFacingError(error, service: BusbudProvider().serviceName), shown: kept)
        }
        if next != results { results = next }
    }

    // MARK: Filters

    /// "Filter", or "Filter (2)" while two kinds of filter are on.
    public var filterLabel: String { FilterWords.button(activeCount: filter.activeCount) }
    public var filterTooltip: String { FilterWords.tooltip(activeCount: filter.activeCount) }
    /// Whether Clear filters is offered: whenever a filter is on, so none hides a departure
    /// without a way back beside the count.
    public var canClearFilters: Bool { filter.isActive }
    /// The currency the highest price is in: the search on screen's, else the form's.
    public var highestPriceCurrency: String { (lastQuery?.currency ?? currency).uppercased() }

    /// Shows or hides the departures of the operator called `name` (one of `operatorCounts`).
    public func setOperator(_ name: String, shown: Bool) {
        if shown { filter.operators.insert(name) } else { filter.operators.remove(name) }
    }

    public func setTimeOfDay(_ part: DepartureFilter.TimeOfDay, shown: Bool) {
        if shown { filter.timesOfDay.insert(part) } else { filter.timesOfDay.remove(part) }
    }

    public func setAmenity(_ amenity: DepartureFilter.Amenity, required: Bool) {
        if required { filter.amenities.insert(amenity) } else { filter.amenities.remove(amenity) }
    }

    /// Text typed in the price field, in `highestPriceCurrency`: empty is no limit; text that is
    /// not a price is said in `highestPriceProblem`, and the last good limit stays.
    public func enterHighestPrice(_ text: String) {
        highestPriceText = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            highestPriceProblem = nil
            filter.highestPrice = nil
        } else if let cents = DepartureFilter.minorUnits(trimmed, currency: highestPriceCurrency) {
            highestPriceProblem = nil
            filter.highestPrice = DepartureFilter.Price(minorUnits: cents, currency: highestPriceCurrency)
        } else {
            highestPriceProblem = FilterWords.notAPrice(trimmed)
        }
    }

    /// Turns every filter off: every departure found shows again, in its place.
    public func clearFilters() {
        filter = DepartureFilter()
        highestPriceText = ""
        highestPriceProblem = nil
    }

    /// The visibility pass: which rows show, and the operators' counts. It reads the rows in
    /// their order and keeps them as they are; it never sorts.
    private func applyFilter() {
        let (visible, counts) = Self.visibility(of: rows, filter: filter)
        visibleRows = visible
        if counts != operatorCounts { operatorCounts = counts }
    }

    /// The rows `filter` lets through, and how many departures each operator runs.
    nonisolated private static func visibility(of all: [DepartureRow], filter: DepartureFilter)
        -> (visible: [DepartureRow], counts: [DepartureFilter.OperatorCount]) {
        let visible = filter.isActive ? all.filter { filter.admits($0.source) } : all
        return (visible, DepartureFilter.operatorCounts(named: all.lazy.map { $0.source.operatorName }))
    }

    nonisolated private static func rows(of departures: ArraySlice<ResolvedDeparture>, formatter: PriceFormatter,
                                         clock: ClockFormat?) -> [DepartureRow] {
        departures.map { DepartureRow($0, formatter: formatter, clock: clock) }
    }

    /// Rows of `departures` sorted by `order`, each the row in `earlier` (sorted by `order`) of an
    /// equal departure if there is one: `earlier` itself when every row is reused and no other.
    nonisolated private static func rows(of departures: [ResolvedDeparture], reusing earlier: [DepartureRow],
                                         formatter: PriceFormatter, clock: ClockFormat?,
                                         sortedBy order: SortOrder) -> [DepartureRow] {
        guard !earlier.isEmpty else { return sorted(rows(of: departures[...], formatter: formatter, clock: clock), by: order) }
        let byID = Dictionary(earlier.lazy.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var reused = 0
        let made = departures.map { departure in
            if let row = byID[departure.id], row.source == departure {
                reused += 1
                return row
            }
            return DepartureRow(departure, formatter: formatter, clock: clock)
        }
        // A snapshot's departures are each one id: all of `earlier` reused, and nothing else.
        return reused == earlier.count && made.count == earlier.count ? earlier : sorted(made, by: order)
    }

    /// Sorts by moving indices over the rows' sort keys, not the rows themselves: a row is large,
    /// and each one copied into a comparison was some twenty references counted.
    nonisolated private static func sorted(_ rows: [DepartureRow], by order: SortOrder) -> [DepartureRow] {
        let keys = rows.map { sortKey($0, order) }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { rows[$0] }
    }

    /// What `order` sorts a row by: the price or the duration first, if chosen; the departure
    /// time, then the id, break ties, so the order is the same however the rows arrived.
    nonisolated private static func sortKey(_ row: DepartureRow, _ order: SortOrder) -> SortKey {
        let first = switch order {
        case .departure: 0
        case .price: row.source.priceCents
        case .duration: row.source.durationMinutes
        }
        return SortKey(first: first, departure: row.source.departure, id: row.id)
    }

    private struct SortKey: Comparable {
        var first: Int
        var departure: Date
        var id: String

        static func < (a: SortKey, b: SortKey) -> Bool { (a.first, a.departure, a.id) < (b.first, b.departure, b.id) }
    }

    /// Two lists sorted by `order` as one; of two rows that sort alike, `first`'s goes first.
    nonisolated private static func merged(_ first: [DepartureRow], _ second: [DepartureRow], by order: SortOrder) -> [DepartureRow] {
        guard !second.isEmpty else { return first }
        let secondKeys = second.map { sortKey($0, order) }
        var result: [DepartureRow] = []
        result.reserveCapacity(first.count + second.count)
        var right = 0
        for row in first {
            let key = sortKey(row, order)
            while right < second.count, secondKeys[right] < key {
                result.append(second[right])
                right += 1
            }
            result.append(row)
        }
        result.append(contentsOf: second[right...])
        return result
    }
}

extension SearchViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        switch changed {
        case _ where settings.serviceChanged(by: changed) == .busbud: use(services.departures)
        case .searchOrigin, .searchDestination, .searchCurrency, .searchLanguage, .searchAdults, .searchChildren, .searchSeniors:
            adopt(settings.searchDefaults(today: date))
        case .clock: clockFormat = clock
        default: break
        }
    }
}
