import Foundation
import Testing
import TripCore

struct AlertScheduleTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    let stop = TransitStop(provider: TfLProvider(), stopID: "490000121D", name: "Catford Bridge Station", letter: "D")

    func alert(expectedIn seconds: Int?, minutes: Int = 5, state: Alert.State = .watching) -> Alert {
        Alert(stop: stop, line: "124", minutes: minutes, vehicle: "LX1",
              expected: seconds.map { Self.now.addingTimeInterval(TimeInterval($0)) }, state: state, created: Self.now)
    }

    /// The interval far from an alert's moment; 15 s in the 3 minutes before it, and past it; never longer than the interval.
    @Test(arguments: [
        (900, 30, 30), (600, 30, 30), (540, 30, 30), (539, 30, 15), (359, 30, 15), (0, 30, 15), (539, 10, 10), (2_000, 600, 600),
    ])
    func pace(expectedIn seconds: Int, interval: Int, delay: Int) {
        #expect(AlertSchedule.delay(for: [alert(expectedIn: seconds)], interval: .seconds(interval), now: Self.now) == .seconds(delay))
    }

    /// Alerts that are over, or have seen no vehicle yet, do not hurry the cycle.
    @Test func onlyActiveAlertsWithATimeHurryIt() {
        let alerts = [alert(expectedIn: 100, state: .fired), alert(expectedIn: 100, state: .failing(3)), alert(expectedIn: nil)]
        #expect(AlertSchedule.delay(for: alerts, interval: .seconds(30), now: Self.now) == .seconds(30))
        #expect(AlertSchedule.delay(for: alerts + [alert(expectedIn: 100, state: .failing(1))], interval: .seconds(30), now: Self.now)
            == .seconds(15))
    }

    /// The minutes are kept within 1…30 whatever is asked.
    @Test func minutesAreClamped() {
        #expect(alert(expectedIn: 60, minutes: 0).minutes == 1)
        #expect(alert(expectedIn: 60, minutes: 99).minutes == 30)
    }
}
