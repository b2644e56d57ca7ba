import Foundation
import Observation
import TripCore
import TripWords

/// The Deals screen: loads deals once it is first shown, in the provider's order, with retry and refresh.
@MainActor
@Observable
public final class DealsViewModel {
    /// The deals, and which of them stay on screen while a refresh runs or after it failed.
    public private(set) var state: Loadable<[DealRow]> = .idle
    /// A refresh is running while the previous deals stay on screen.
    public var isRefreshing: Bool {
        if case .loading(shown: _?) = state { true } else { false }
    }
    /// A refresh failed; the deals shown are the previous ones.
    public var refreshFailure: UserFacingError? {
        if case .failed(let failure, shown: _?) = state { failure } else { nil }
    }
    /// When the deals shown arrived, and whether they come from the cache.
    public private(set) var provenance: Provenance?
    /// The deals shown were kept from earlier (offline, or while the fresh ones load): the rows
    /// are marked as not fresh.
    public var showsKept: Bool { provenance?.isKept == true && state.value != nil }
    /// What is said above the deals: a refresh that failed, or where kept deals come from and how
    /// old they are ("Offline — showing deals from 14:05 (12 min ago)"), by the app's clock.
    public var notice: ContentNotice? {
        if let refreshFailure { return ContentNotice(refreshFailed: refreshFailure) }
        return ContentNotice(provenance, kind: .deals, service: DealsProvider().serviceName, now: now(), clock: clockFormat)
    }
    /// The deals on screen are kept from earlier, or loading failed: the network coming back
    /// should bring fresh ones.
    public var awaitsNetwork: Bool { showsKept || state.failure != nil }
    /// The clock the notice's times are on (the Clock setting); nil for 24-hour.
    public var clockFormat: ClockFormat?
    /// What the service sent that could not be read, left out of the list ("2 deals could not be read (the first: …)").
    public private(set) var leftOut: String?
    /// `leftOut` with the reason the first unreadable deal gave, for the summary's details.
    public private(set) var leftOutDetails: String?

    /// What the page's main area shows.
    public var screen: ScreenState {
        switch state {
        case .idle, .loading(shown: nil): .loading
        case .failed(let failure, shown: nil): .failed(failure)
        case .loading(shown: let rows?), .loaded(let rows), .failed(_, shown: let rows?):
            rows.isEmpty ? .empty(title: tr("No deals right now"),
                                  message: tr("The provider has no holiday deals for these dates. Try Refresh later."))
                : .content
        }
    }

    /// What is searched for, e.g. "Holiday deals · 7 nights for 2 from London".
    public var heading: String {
        let query = lastQuery ?? DealsQuery.standard(now: now())
        let nights = Plural.counted(query.duration, "%ld night", "%ld nights")
        // TRANSLATORS: %1$@ is a number of nights ("7 nights"), %2$ld of adults travelling.
        return tr("Holiday deals · %1$@ for %2$ld from London").filled(nights, query.adults)
    }

    /// What the list holds, e.g. "21 destinations · check-in 20 December 2026"; empty until loaded.
    public var summary: String {
        guard let rows = state.value, let query = lastQuery else { return "" }
        var parts = [Plural.counted(rows.count, "%ld destination", "%ld destinations")]
        // TRANSLATORS: %1$@ is a date as the locale writes it: "20 December 2026".
        parts.append(tr("check-in %1$@").filled(query.checkInDate.formatted(Self.checkInStyle(locale: formatter.locale))))
        if let leftOut { parts.append(leftOut) }
        return parts.joined(separator: " · ")
    }

    @ObservationIgnored private var service: any DealsSearching
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let formatter: PriceFormatter
    @ObservationIgnored private let loading = LatestRequest()
    /// The query of the latest load, so Retry asks exactly the same again.
    private var lastQuery: DealsQuery?

    public init(service: any DealsSearching, now: @escaping @Sendable () -> Date = Date.init,
                formatter: PriceFormatter = PriceFormatter()) {
        self.service = service
        self.now = now
        self.formatter = formatter
    }

    /// How the summary writes the check-in date (a day in UTC, as the query gives it).
    private nonisolated static func checkInStyle(locale: Locale) -> Date.FormatStyle {
        var style = Date.FormatStyle(date: .long, time: .omitted, locale: locale)
        style.timeZone = TimeZone(identifier: "UTC")!
        return style
    }

    /// Formats a price and a check-in date as the first rows and the summary will: Foundation
    /// makes each of ICU's formatters on its first use (some 6 M instructions at start-up) and
    /// keeps it for every thread, so a worker can make them while the window is being built.
    public nonisolated static func prepareFormats(formatter: PriceFormatter = PriceFormatter(), now: Date = Date()) {
        let query = DealsQuery.standard(now: now)
        _ = formatter.string(1, currency: query.currencyCode)
        _ = query.checkInDate.formatted(checkInStyle(locale: formatter.locale))
    }

    /// The screen became visible: load unless something is loaded or loading already.
    public func appear() {
        guard case .idle = state else { return }
        let query = DealsQuery.standard(now: now())
        load(query)
        // What was kept from an earlier run shows at once, with its age, until the fresh deals come.
        // Should asking fail first, the kept deals still come, under the failure: the same screen
        // whichever of the two is quicker.
        let service = service
        Task { [weak self] in
            guard let kept = await service.keptDeals(query), let self, self.lastQuery == query else { return }
            switch self.state {
            case .loading(shown: nil):
                self.show(kept)
                self.state = .loading(shown: self.state.value)
            case .failed(let failure, shown: nil):
                self.show(kept)
                self.state = .failed(failure, shown: self.state.value)
            default:
                return
            }
        }
    }

    /// Fetch afresh; deals on screen stay until the new ones arrive.
    public func refresh() {
        load(DealsQuery.standard(now: now()))
    }

    /// Repeat the request that failed.
    public func retry() {
        load(lastQuery ?? DealsQuery.standard(now: now()))
    }

    /// Deals come from `service` from now on (the settings changed the source): what the old
    /// source sent goes, and a page already shown loads again from the new one.
    public func use(_ service: any DealsSearching) {
        let shown = state != .idle
        cancel()
        self.service = service
        leftOut = nil
        leftOutDetails = nil
        provenance = nil
        state = .idle
        if shown { load(DealsQuery.standard(now: now())) }
    }

    /// Stops the running load, if any; what is on screen stays.
    public func cancel() {
        loading.cancel()
        if case .loading(let shown) = state { state = shown.map { .loaded($0) } ?? .idle }
    }

    private func load(_ query: DealsQuery) {
        lastQuery = query
        state = state.reloading
        let service = service
        loading.start { () async throws(APIError) in try await service.fetchDeals(query) } deliver: { [weak self] outcome in
            self?.finish(outcome)
        }
    }

    private func finish(_ outcome: Result<DealsResult, APIError>) {
        switch outcome {
        case .success(let result):
            show(result)
        case .failure(.cancelled):
            state = state.value.map { .loaded($0) } ?? .idle
        case .failure(let error):
            state = .failed(UserFacingError(error, service: DealsProvider().serviceName), shown: state.value)
        }
    }

    private func show(_ result: DealsResult) {
        leftOut = result.leftOut.sentence(.deal, reasons: false)
        leftOutDetails = result.leftOut.sentence(.deal)
        provenance = result.provenance
        state = .loaded(result.deals.map { DealRow($0, formatter: formatter) })
    }
}

extension DealsViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        if settings.serviceChanged(by: changed) == .deals { use(services.deals) }
        if changed == .clock { clockFormat = clock }
    }
}
