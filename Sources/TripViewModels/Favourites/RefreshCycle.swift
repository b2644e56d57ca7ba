import Foundation
import Observation
import TripCore
import TripWords

/// Keeps the arrivals of the stops on screen fresh: a visible countdown, then a refresh of every
/// stop `stops` names (through `ArrivalsFanOut`), then the countdown again.
///
/// Which stops are on screen is asked afresh at each refresh, so one cycle serves a list of
/// favourites, a stop's board, or a single stop. Nothing runs until `start`; `stop` ends every
/// timer and request. A refresh's late answers, once it is superseded or stopped, are dropped.
@MainActor
@Observable
public final class RefreshCycle {
    /// What is known live per stop.
    public private(set) var live: [StopKey: StopLive] = [:]
    /// Seconds until the next automatic refresh.
    public private(set) var secondsToRefresh: Int
    /// The moment rows are worded for; moves with every answer, and on a tick of the countdown
    /// when `wordsChange` says the words shown would change.
    public private(set) var now: Date
    /// The countdown runs: the stops on screen are refreshed on it, and their rows' words change
    /// as it ticks.
    public private(set) var isCounting = false

    /// How often the arrivals refresh; a change restarts a running countdown.
    public var interval: Duration {
        didSet {
            guard interval != oldValue else { return }
            secondsToRefresh = Int(interval.components.seconds)
            countdownLength = secondsToRefresh
            if countdown.isRunning { start(refreshFirst: false) }
        }
    }

    /// The stops whose arrivals are on screen now; none stops the countdown.
    @ObservationIgnored public var stops: @MainActor () -> [StopKey] = { [] }
    /// How long until the next refresh, asked after each one; nil: `interval` (alerts pace theirs
    /// by `AlertSchedule`). Whole seconds are counted down.
    @ObservationIgnored public var nextDelay: (@MainActor () -> Duration)?
    /// Told each stop's answer as it lands (never a cancelled one), after `live` has it.
    @ObservationIgnored public var onLand: (@MainActor (StopKey, Result<ArrivalsResult, APIError>) -> Void)?
    /// Whether anything the owner shows from `now` (rows, notices) reads otherwise at the tick's
    /// moment than at the moment shown. A tick moves `now` only then, so a second that changes
    /// no words redraws the countdown alone. Nil: every tick moves `now`.
    @ObservationIgnored public var wordsChange: (@MainActor (_ shown: Date, _ tick: Date) -> Bool)?

    @ObservationIgnored private var services: [ServiceID: any TransitClient]
    @ObservationIgnored private let clock: any IsolatedClock
    @ObservationIgnored private let currentTime: @Sendable () -> Date
    @ObservationIgnored private let countdown = LatestRequest()
    @ObservationIgnored private let fetching = LatestRequest()

    public init(services: [any TransitClient], clock: any IsolatedClock, now: @escaping @Sendable () -> Date,
                interval: Duration) {
        self.services = ArrivalsFanOut.byProvider(services)
        self.clock = clock
        currentTime = now
        self.now = now()
        self.interval = interval
        secondsToRefresh = Int(interval.components.seconds)
        countdownLength = Int(interval.components.seconds)
    }

    /// The seconds the running countdown started from.
    private var countdownLength: Int

    /// 1 just after a refresh, falling to 0 when the next one is due: the countdown bar.
    public var fraction: Double {
        countdownLength > 0 ? Double(secondsToRefresh) / Double(countdownLength) : 0
    }

    /// "Next refresh in 25 s", or "Refreshing…".
    public var countdownText: String {
        isRefreshing ? tr("Refreshing…") : tr("Next refresh in %1$ld s").filled(secondsToRefresh)
    }

    /// The countdown's texts at their widest (the longest interval Settings allows has three
    /// digits), for the room the countdown takes.
    public static var widestCountdownTexts: [String] {
        [tr("Refreshing…"), tr("Next refresh in %1$ld s").filled(999)]
    }

    public var isRefreshing: Bool { live.values.contains { $0.isLoading } }

    /// Whether a stop on screen has no arrivals yet, or ones at least one interval old.
    public var needsRefresh: Bool {
        let now = currentTime()
        return stops().contains { live[$0]?.isOutOfDate(after: interval, at: now) ?? true }
    }

    /// Starts the countdown afresh, refreshing first when asked; with no stop on screen, stops
    /// the countdown instead. A refresh under way goes on.
    public func start(refreshFirst: Bool) {
        guard !stops().isEmpty else {
            countdown.cancel()
            counting(false)
            return
        }
        counting(true)
        countdown.start { [weak self, clock] turn in
            var refreshNow = refreshFirst
            while turn.isCurrent {
                guard let self else { return }
                if refreshNow {
                    await self.refresh()
                    guard turn.isCurrent else { return }
                    // Nothing left to refresh (the last alert ended): the countdown ends here.
                    guard !self.stops().isEmpty else { return self.counting(false) }
                }
                self.tick()
                let total = max(1, Int((self.nextDelay?() ?? self.interval).components.seconds))
                self.countdownLength = total
                self.secondsToRefresh = total
                // Ticks on the main actor throughout: with the window's clock, no worker thread
                // wakes for a tick.
                do {
                    try await clock.countDown(from: total) { [weak self] left in
                        self?.secondsToRefresh = left
                        self?.tick()
                    }
                } catch { return }
                refreshNow = true
            }
        }
    }

    /// Sets `isCounting`, telling its observers only of a change.
    private func counting(_ running: Bool) {
        if isCounting != running { isCounting = running }
    }

    /// The countdown ticked: `now` moves if the words shown change with it.
    private func tick() {
        let time = currentTime()
        if wordsChange?(now, time) ?? true { now = time }
    }

    /// No more requests and no timers (the tab is hidden, the window minimised).
    public func stop() {
        countdown.cancel()
        counting(false)
        fetching.cancel()
        for key in live.keys where live[key]?.isLoading == true { live[key]?.isLoading = false }
    }

    /// Arrivals come from `services` from now on: what the old ones said goes, and a running
    /// cycle fetches again from the new ones.
    public func use(_ services: [any TransitClient]) {
        fetching.cancel()
        self.services = ArrivalsFanOut.byProvider(services)
        live = [:]
        if countdown.isRunning { start(refreshFirst: true) }
    }

    /// The name of the service a stop's arrivals come from, for its failures.
    private func serviceName(_ key: StopKey) -> String {
        services[key.provider]?.provider.serviceName ?? tr("the service")
    }

    /// Fetches the arrivals of the stops on screen; each stop updates as its answer lands.
    private func refresh() async {
        let keys = stops()
        guard !keys.isEmpty else {
            fetching.cancel()
            return
        }
        for key in keys { live[key, default: StopLive()].isLoading = true }
        let services = services
        showKept(keys.filter { live[$0]?.arrivals == nil }, from: services)
        fetching.start { [weak self] turn in
            await ArrivalsFanOut.fetch(keys, from: services) { key, outcome in
                if turn.isCurrent { self?.land(outcome, for: key) }
            }
        }
        await fetching.wait()
    }

    /// What was kept of `keys`' arrivals in an earlier run shows at once, with its age, until each
    /// stop's first answer comes.
    private func showKept(_ keys: [StopKey], from services: [ServiceID: any TransitClient]) {
        guard !keys.isEmpty else { return }
        Task { [weak self] in
            for key in keys {
                guard let kept = await services[key.provider]?.keptArrivals(at: key.stopID), let self else { continue }
                self.live[key]?.showKept(kept)
            }
        }
    }

    private func land(_ outcome: Result<ArrivalsResult, APIError>, for key: StopKey) {
        now = currentTime()
        var state = live[key] ?? StopLive()
        switch outcome {
        case .success(let result): state.received(result, at: currentTime())
        case .failure(.cancelled): state.isLoading = false
        case .failure(let error): state.failed(UserFacingError(error, service: serviceName(key)))
        }
        live[key] = state
        if case .failure(.cancelled) = outcome { return }
        onLand?(key, outcome)
    }
}
