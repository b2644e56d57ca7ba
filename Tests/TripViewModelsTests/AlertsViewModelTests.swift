import Foundation
import Synchronization
import Testing
import TripCore
import TripWords
@testable import TripViewModels
import TestSupport

/// Alerts kept in memory, as the database keeps them: one row per alert.
final class MemoryAlertsStore: AlertsStore {
    private let kept = Mutex<[Alert]>([])

    var alerts: [Alert] { kept.withLock { $0 } }

    func loadAlerts() async throws(StoreError) -> [Alert] { alerts }

    func saveAlert(_ alert: Alert) async throws(StoreError) {
        kept.withLock { list in
            if let index = list.firstIndex(where: { $0.id == alert.id }) { list[index] = alert } else { list.append(alert) }
        }
    }

    func deleteAlert(_ id: Alert.ID) async throws(StoreError) {
        kept.withLock { $0.removeAll { $0.id == id } }
    }
}

/// What a model's alerts told, in order.
@MainActor
final class EventLog {
    var events: [AlertEvent] = []
    var sentences: [String] = []
}

@MainActor
struct AlertsViewModelTests {
    nonisolated static let start = Date(timeIntervalSince1970: 1_795_000_000)
    let clock = SteppedClock()
    let catford = busStop("490000121D", "Catford Bridge Station", letter: "D", lines: ["124", "171"])
    let store = MemoryAlertsStore()
    let log = EventLog()

    /// The wall clock, moving with the stepped clock.
    var now: @Sendable () -> Date {
        { [clock] in Self.start.addingTimeInterval(TimeInterval(clock.now.offset.components.seconds)) }
    }

    func makeModel(_ service: ScriptedStopService, store: MemoryAlertsStore? = nil) -> AlertsViewModel {
        let model = AlertsViewModel(store: store ?? self.store, services: [service], clock: clock, now: now,
                                    refreshInterval: .seconds(30))
        let now = now
        model.onEvent = { [log] event in
            log.events.append(event)
            log.sentences.append(event.sentence(now: now()))
        }
        return model
    }

    /// A 124 to Eltham, `seconds` after the test's start.
    func bus(_ vehicle: String?, at seconds: Int, line: String = "124") -> Arrival {
        Arrival(line: line, destination: "Eltham", vehicle: vehicle, stopLetter: "D", expected: Self.start.addingTimeInterval(TimeInterval(seconds)))
    }

    func answer(_ arrivals: Arrival...) -> Result<ArrivalsResult, APIError> {
        .success(ArrivalsResult(arrivals: arrivals))
    }

    /// It fires once, when the bus is within the minutes as the board reads them, and not before.
    @Test func firesOnceAtTheThreshold() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 600))])
        let model = makeModel(service)
        #expect(await model.notify(when: bus("LX1", at: 600), at: catford, minutes: 5))
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        #expect(model.rows.first?.status == "10 min away, at 11:16 · alert at 5 min")
        // At 240 s the bus is 6 min away: not yet.
        await clock.advance(by: .seconds(240))
        #expect(log.events.isEmpty)
        #expect(model.alerts[0].state == .watching)
        await clock.advance(by: .seconds(15))
        await settle { log.events.count == 1 }
        #expect(log.sentences == ["Route 124 to Eltham is 5 min away — Catford Bridge Station (Stop D)"])
        #expect(model.alerts[0].state == .fired)
        #expect(model.rows[0].status == log.sentences[0])
        #expect(!model.hasActive)
        // Fired, it is not followed: no more requests, no second word.
        let asked = service.requests.count
        await clock.advance(by: .seconds(120))
        #expect(log.events.count == 1)
        #expect(service.requests.count == asked)
        await model.waitForSaves()
        #expect(store.alerts.map(\.state) == [.fired])
    }

    /// A slipping or jumping prediction is followed by its vehicle; another bus of the route, sooner, is not taken for it.
    @Test func followsASlippingPrediction() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 600))])
        let model = makeModel(service)
        await model.notify(when: bus("LX1", at: 600), at: catford, minutes: 5)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        service.answer("490000121D", with: answer(bus("LX2", at: 200), bus("LX1", at: 1_000)))
        await clock.advance(by: .seconds(30))
        await settle { model.alerts[0].expected == Self.start.addingTimeInterval(1_000) }
        #expect(log.events.isEmpty, "LX2 is within 5 min, but the alert follows LX1")
        service.answer("490000121D", with: answer(bus("LX1", at: 320)))
        await clock.advance(by: .seconds(30))
        await settle { log.events.count == 1 }
        #expect(log.sentences == ["Route 124 to Eltham is 4 min away — Catford Bridge Station (Stop D)"])
        guard case .fired(_, let arrival) = log.events[0] else { Issue.record("not fired: \(log.events)"); return }
        #expect(arrival.vehicle == "LX1")
    }

    /// A vehicle gone from the predictions is said, with the next one on its route offered.
    @Test func reportsAVanishedVehicle() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 600), bus("LX9", at: 900, line: "171"))])
        let model = makeModel(service)
        await model.notify(when: bus("LX1", at: 600), at: catford, minutes: 5)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        service.answer("490000121D", with: answer(bus("LX9", at: 400, line: "171"), bus("LX3", at: 1_230)))
        await clock.advance(by: .seconds(30))
        await settle { log.events.count == 1 }
        #expect(log.sentences == ["The bus on route 124 to Eltham is no longer predicted at Catford Bridge Station (Stop D). The next one is 20 min away."])
        guard case .vanished(_, let next) = log.events[0] else { Issue.record("not vanished: \(log.events)"); return }
        #expect(next?.vehicle == "LX3")
        #expect(model.alerts[0].state == .vanished)
        await settle { clock.sleeping == 0 }
        // The next one offered becomes an alert of its own.
        #expect(await model.notify(when: next!, at: catford, minutes: 5))
        await settle { model.alerts.count == 2 && service.requests.count == 3 }
        #expect(model.alerts[1].vehicle == "LX3" && model.hasActive)
    }

    /// Three failed refreshes in a row: it says it cannot follow the bus, and stops; fewer are ridden out.
    @Test func reportsThreeFailures() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 1_500))])
        let model = makeModel(service)
        await model.notify(when: bus("LX1", at: 1_500), at: catford, minutes: 5)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        service.answer("490000121D", with: .failure(.transport(.system("timed out"))))
        await clock.advance(by: .seconds(30))
        await settle { model.alerts[0].state == .failing(1) }
        #expect(model.rows[0].status == "Alert at 5 min · the last refresh failed; still trying")
        // One answer between failures starts the count again.
        service.answer("490000121D", with: answer(bus("LX1", at: 1_500)))
        await clock.advance(by: .seconds(30))
        await settle { model.alerts[0].state == .watching }
        service.answer("490000121D", with: .failure(.transport(.system("timed out"))))
        await clock.advance(by: .seconds(60))
        await settle { model.alerts[0].state == .failing(2) }
        #expect(log.events.isEmpty)
        await clock.advance(by: .seconds(30))
        await settle { log.events.count == 1 }
        #expect(model.alerts[0].state == .failing(3) && !model.hasActive)
        #expect(log.sentences[0].hasPrefix("Can’t follow the bus on route 124 to Eltham at Catford Bridge Station (Stop D): the last 3 refreshes failed. "),
                "\(log.sentences)")
        await settle { clock.sleeping == 0 }
    }

    /// A failing service never makes it late in silence: once the last known time is within the
    /// minutes, it fires on that.
    @Test func firesOnTheLastKnownTimeWhenTheServiceFails() async {
        // Within 5 min from 400 − 359 = 41 s: refreshes every 15 s fail at 15 and 30 s; at 45 s it fires.
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 400))])
        let model = makeModel(service)
        await model.notify(when: bus("LX1", at: 400), at: catford, minutes: 5)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        service.answer("490000121D", with: .failure(.transport(.system("timed out"))))
        await clock.advance(by: .seconds(30))
        #expect(model.alerts[0].state == .failing(2))
        await clock.advance(by: .seconds(15))
        await settle { log.events.count == 1 }
        #expect(log.sentences == ["Route 124 to Eltham is 5 min away — Catford Bridge Station (Stop D)"])
    }

    /// Refreshes come at the interval, and every 15 s in the last 3 minutes before the alert's moment.
    @Test func refreshesFasterInTheLastThreeMinutes() async {
        // Within 5 min from 899 − 359 = 540 s; the last 3 minutes before that start at 360 s.
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 899))])
        let model = makeModel(service)
        await model.notify(when: bus("LX1", at: 899), at: catford, minutes: 5)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        #expect(model.cycle.secondsToRefresh == 30)
        await clock.advance(by: .seconds(330))
        #expect(service.requests.count == 12, "every 30 s up to 330 s")
        #expect(model.cycle.secondsToRefresh == 30)
        await clock.advance(by: .seconds(30))
        #expect(service.requests.count == 13)
        #expect(model.cycle.secondsToRefresh == 15, "at 360 s the moment is 180 s away")
        await clock.advance(by: .seconds(15))
        #expect(service.requests.count == 14)
        await clock.advance(by: .seconds(15))
        #expect(service.requests.count == 15)
        #expect(model.cycle.secondsToRefresh == 15)
        #expect(log.events.isEmpty)
    }

    /// A relaunch follows the kept alerts again; one long over, or one that already fired, is dropped from the store.
    @Test func keptAcrossARelaunch() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 900))])
        let first = makeModel(service)
        await first.notify(when: bus("LX1", at: 900), at: catford, minutes: 7)
        let over = Alert(id: "old", stop: catford, line: "171", minutes: 5, vehicle: "LX0",
                         expected: Self.start.addingTimeInterval(-3_600), created: Self.start.addingTimeInterval(-4_000))
        try? await store.saveAlert(over)
        try? await store.saveAlert(Alert(id: "fired", stop: catford, line: "171", minutes: 5, vehicle: "LX5",
                                         expected: Self.start.addingTimeInterval(120), state: .fired, created: Self.start))
        first.stop()
        await drain()

        let relaunched = makeModel(service)
        await relaunched.load()
        #expect(relaunched.alerts.map(\.vehicle) == ["LX1"])
        #expect(relaunched.alerts.first?.minutes == 7)
        #expect(store.alerts.map(\.id) == [relaunched.alerts[0].id], "the alerts over are forgotten")
        await settle { service.requests.count == 2 && clock.sleeping == 1 }
        #expect(relaunched.rows.first?.title == "124 to Eltham")
    }

    /// A cancelled alert is forgotten at once: no row, nothing kept, no more requests, nothing said.
    @Test func cancelled() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX1", at: 600))])
        let model = makeModel(service)
        await model.notify(when: bus("LX1", at: 600), at: catford, minutes: 5)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        let id = model.alerts[0].id
        #expect(await model.cancel(id))
        #expect(model.alerts.isEmpty && model.rows.isEmpty)
        #expect(store.alerts.isEmpty)
        await settle { clock.sleeping == 0 }
        await clock.advance(by: .seconds(600))
        #expect(service.requests.count == 1)
        #expect(log.events.isEmpty)
    }

    /// A tram is followed by its route's nearest predicted time (TramTracker names no vehicle to follow).
    @Test func followsATramByItsNearestTime() async {
        let stop = TransitStop(provider: TramTrackerProvider(), stopID: "4055", name: "Highett St & Church St", lines: ["78"])
        let tram = { (seconds: Int) in
            Arrival(line: "78", destination: "North Richmond", vehicle: "3012", expected: Self.start.addingTimeInterval(TimeInterval(seconds)))
        }
        let service = ScriptedStopService(["4055": .success(ArrivalsResult(arrivals: [tram(600), tram(1_200)]))],
                                          provider: TramTrackerProvider())
        let model = makeModel(service)
        await model.notify(when: tram(600), at: stop, minutes: 3)
        #expect(model.alerts[0].vehicle == nil)
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        service.answer("4055", with: .success(ArrivalsResult(arrivals: [tram(200), tram(700), tram(1_150)])))
        await clock.advance(by: .seconds(30))
        await settle { model.alerts[0].expected == Self.start.addingTimeInterval(700) }
        #expect(log.events.isEmpty)
    }

    /// An alert made for a route alone takes the route's next arrival and fires when it is within the minutes.
    @Test func aRouteAloneTakesItsNextArrival() async {
        let service = ScriptedStopService(["490000121D": answer(bus("LX7", at: 130), bus("LX1", at: -20))])
        let model = makeModel(service)
        await model.add(Alert(stop: catford, line: "124", minutes: 5, created: Self.start))
        await settle { log.events.count == 1 }
        #expect(model.alerts[0].vehicle == "LX7")
        #expect(log.sentences == ["Route 124 to Eltham is 2 min away — Catford Bridge Station (Stop D)"])
    }
}
