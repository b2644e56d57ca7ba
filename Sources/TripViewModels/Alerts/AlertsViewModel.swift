import Foundation
import Observation
import TripCore
import TripWords

/// The alerts a person set ("Notify me"): kept in the store, followed on a refresh cycle of their
/// own whether or not a tab shows them, and what they have to tell, each once, through `onEvent`.
///
/// The cycle is a `RefreshCycle` over the stops with active alerts, paced by `AlertSchedule`: the
/// refresh interval, and every 15 s in the last 3 minutes before an alert's moment. With no active
/// alert it stops; nothing else is fetched.
@MainActor
@Observable
public final class AlertsViewModel {
    /// Every alert set and not cancelled, oldest first. Ended ones (fired, vanished, given up)
    /// stay, with what they said in `messages`, until cancelled.
    public private(set) var alerts: [Alert] = []
    /// What each ended alert said, by its id: its row shows it too, so nothing is lost where no
    /// notification could be shown.
    public private(set) var messages: [Alert.ID: String] = [:]
    /// What went wrong the last time the store failed, in a sentence; nil when all is well.
    public private(set) var problem: String?
    /// The countdown and the arrivals of the stops with alerts.
    public let cycle: RefreshCycle
    /// The minutes a new alert starts from: the `alerts.minutes` setting.
    public var defaultMinutes: Int
    /// 12- or 24-hour clock times; nil leaves each city to its habit.
    public var clockFormat: ClockFormat?
    /// Told of each event once, as it happens, after the alert's new state is in `alerts`.
    @ObservationIgnored public var onEvent: (@MainActor (AlertEvent) -> Void)?

    @ObservationIgnored private let store: (any AlertsStore)?
    @ObservationIgnored private let currentTime: @Sendable () -> Date
    @ObservationIgnored private let saves = SerialQueue()
    @ObservationIgnored private var isLoaded = false

    /// - Parameters:
    ///   - store: where alerts are kept; nil keeps them only while this runs (the command line).
    ///   - refreshInterval: the refresh interval setting.
    ///   - defaultMinutes: the `alerts.minutes` setting.
    public init(store: (any AlertsStore)?, services: [any TransitClient], clock: any IsolatedClock,
                now: @escaping @Sendable () -> Date = Date.init,
                refreshInterval: Duration = .seconds(Int(SettingKey.refreshSeconds.defaultValue)!),
                defaultMinutes: Int = Int(SettingKey.alertMinutes.defaultValue)!) {
        self.store = store
        currentTime = now
        self.defaultMinutes = defaultMinutes
        cycle = RefreshCycle(services: services, clock: clock, now: now, interval: refreshInterval)
        cycle.stops = { [weak self] in self?.followedStops ?? [] }
        cycle.nextDelay = { [weak self] in
            guard let self else { return .zero }
            return AlertSchedule.delay(for: self.alerts, interval: self.cycle.interval, now: self.currentTime())
        }
        cycle.onLand = { [weak self] key, outcome in self?.landed(outcome, at: key) }
        cycle.wordsChange = { [weak self] shown, tick in self.map { $0.rows(at: shown) != $0.rows(at: tick) } ?? false }
    }

    /// Whether any alert is still followed: the window stays alive for them, and Quit asks first.
    public var hasActive: Bool { alerts.contains(where: \.isActive) }

    /// The stops of the active alerts, each once, in the alerts' order.
    private var followedStops: [StopKey] {
        var seen = Set<StopKey>()
        return alerts.filter(\.isActive).map(\.stop.id).filter { seen.insert($0).inserted }
    }

    // MARK: - Setting and cancelling

    /// Reads the kept alerts (the first time only) and follows those still active and due; the
    /// others (ended, whose word was said before, or long over) are forgotten.
    public func load() async {
        guard !isLoaded else { return }
        isLoaded = true
        guard let store else { return }
        do throws(StoreError) {
            let kept = try await store.loadAlerts()
            let now = currentTime()
            let due = kept.filter { $0.isActive && !$0.isOver(at: now) }
            for gone in kept where !due.contains(gone) { try await store.deleteAlert(gone.id) }
            alerts = due + alerts.filter { alert in !kept.contains { $0.id == alert.id } }
        } catch {
            problem = error.sentence
        }
        if hasActive { cycle.start(refreshFirst: true) }
    }

    /// Sets `alert`: kept first, then followed, its stop asked at once. False when it could not be
    /// kept (`problem` says why); it is not set then.
    @discardableResult
    public func add(_ alert: Alert) async -> Bool {
        guard await keep(alert) else { return false }
        alerts.removeAll { $0.id == alert.id }
        alerts.append(alert)
        if alert.isActive { cycle.start(refreshFirst: true) }
        return true
    }

    /// Sets an alert for `arrival` at `stop`, `minutes` before it (by default, the setting).
    @discardableResult
    public func notify(when arrival: Arrival, at stop: TransitStop, minutes: Int? = nil) async -> Bool {
        await add(Alert(following: arrival, at: stop, minutes: minutes ?? defaultMinutes, created: currentTime()))
    }

    /// Sets an alert for the next arrival of route `line` at `stop` (a favourite's "Notify me"):
    /// it takes the route's next arrival at its first refresh.
    @discardableResult
    public func notify(route line: String, at stop: TransitStop, minutes: Int? = nil) async -> Bool {
        await add(Alert(stop: stop, line: line, minutes: minutes ?? defaultMinutes, created: currentTime()))
    }

    /// Cancels the alert `id` and forgets it (a fired one too: its row goes). False when the store
    /// could not forget it; it stays then.
    @discardableResult
    public func cancel(_ id: Alert.ID) async -> Bool {
        guard alerts.contains(where: { $0.id == id }) else { return true }
        if let store {
            do throws(StoreError) {
                try await store.deleteAlert(id)
            } catch {
                problem = error.sentence
                return false
            }
        }
        alerts.removeAll { $0.id == id }
        messages[id] = nil
        if !hasActive { cycle.stop() }
        return true
    }

    // MARK: - Following

    /// No more requests and no timers (quitting).
    public func stop() {
        cycle.stop()
    }

    /// Arrivals come from `services` from now on (a source changed in Settings).
    public func use(_ services: [any TransitClient]) {
        cycle.use(services)
    }

    /// Waits until every change so far is kept (for tests and for quitting).
    public func waitForSaves() async {
        await saves.wait()
    }

    /// A stop's answer landed: each active alert there follows it, and says what it must.
    private func landed(_ outcome: Result<ArrivalsResult, APIError>, at key: StopKey) {
        // Arrivals kept from earlier say nothing new: the service could not be reached.
        let outcome = outcome.flatMap { result in result.provenance?.offlineFailure.map { .failure($0) } ?? .success(result) }
        let now = currentTime()
        var events: [AlertEvent] = []
        for index in alerts.indices where alerts[index].stop.id == key && alerts[index].isActive {
            var alert = alerts[index]
            let event = switch outcome {
            case .success(let result): alert.take(result, now: now)
            case .failure(let failure): alert.failed(failure, now: now)
            }
            guard alert != alerts[index] else { continue }
            alerts[index] = alert
            if let event {
                messages[alert.id] = event.sentence(now: now)
                events.append(event)
            }
            saves.enqueue { [weak self] in _ = await self?.keep(alert) }
        }
        for event in events { onEvent?(event) }
    }

    /// Writes `alert` to the store; false, with `problem` set, when it could not.
    private func keep(_ alert: Alert) async -> Bool {
        guard let store else { return true }
        do throws(StoreError) {
            try await store.saveAlert(alert)
            return true
        } catch {
            problem = error.sentence
            return false
        }
    }
}

extension AlertsViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        switch changed {
        case _ where settings.serviceChanged(by: changed).map(settings.registry.transit) != nil: use(services.stops)
        case .refreshSeconds: cycle.interval = settings.refreshInterval
        case .alertMinutes: defaultMinutes = settings.alertMinutes
        case .clock: clockFormat = clock
        default: break
        }
    }
}
