import Desktop
import Foundation
import Gtk
import TripCore
import TripViewModels
import TripWords

/// Says what the alerts have to say as desktop notifications (through GApplication, with the app's
/// icon), when notifications are allowed in Settings and a notification service is there; the
/// alert's row in Favourites says it either way, so nothing is lost without one. A notification
/// opens the stop's board; one for a vanished bus offers to follow the next.
@MainActor
final class AlertNotifier {
    private let application: Application
    private let alerts: AlertsViewModel
    private let allowed: @MainActor () -> Bool
    private let now: @Sendable () -> Date
    /// The stops notifications name, by the target their "Open board" carries.
    private var stops: [String: TransitStop] = [:]
    /// The next arrival a vanished alert's notification offers, by the alert's id.
    private var nextOnes: [Alert.ID: (arrival: Arrival, alert: Alert)] = [:]
    private var saidKeptRunning = false

    /// - Parameters:
    ///   - allowed: the "Allow notifications" setting.
    ///   - openBoard: opens a stop's board in the window and brings the window forward.
    init(application: Application, alerts: AlertsViewModel, allowed: @escaping @MainActor () -> Bool,
         now: @escaping @Sendable () -> Date, openBoard: @escaping @MainActor (TransitStop) -> Void) {
        self.application = application
        self.alerts = alerts
        self.allowed = allowed
        self.now = now
        application.addAction("open-board") { [weak self] target in
            if let stop = self?.stops[target] { openBoard(stop) }
        }
        application.addAction("follow-next") { [weak self] id in
            guard let self, let next = nextOnes.removeValue(forKey: id) else { return }
            Task { await alerts.notify(when: next.arrival, at: next.alert.stop, minutes: next.alert.minutes) }
        }
        alerts.onEvent = { [weak self] event in self?.say(event) }
    }

    private func say(_ event: AlertEvent) {
        let alert = event.alert
        let target = alert.stop.id.description
        stops[target] = alert.stop
        let openBoard = DesktopNotification.Action(label: tr("Open board"), action: "app.open-board", target: target)
        var buttons = [openBoard]
        let title: String
        switch event {
        case .fired:
            // TRANSLATORS: a notification's title when the bus or tram an alert follows is near.
            title = tr("Time to go")
        case .vanished(_, let next):
            // TRANSLATORS: a notification's title when the bus or tram an alert followed is no longer predicted.
            title = tr("No longer predicted")
            if let next {
                nextOnes[alert.id] = (next, alert)
                buttons.append(.init(label: tr("Follow the next one"), action: "app.follow-next", target: alert.id))
            }
        case .failing:
            // TRANSLATORS: a notification's title when an alert gives up after failed refreshes.
            title = tr("Alert stopped")
        }
        let notification = DesktopNotification(title: title, body: event.sentence(now: now()), defaultAction: openBoard, buttons: buttons)
        send(notification, id: "alert-\(alert.id)")
    }

    /// Said once, as the window closes while alerts are still followed.
    func sayKeptRunning(count: Int) {
        guard !saidKeptRunning else { return }
        saidKeptRunning = true
        // TRANSLATORS: a notification's body when the window closes with alerts still followed.
        let body = trn("Tripboard keeps following your alert with no window open, and says when it is time to go.",
                       "Tripboard keeps following your %1$ld alerts with no window open, and says when it is time to go.", count)
            .filled(count)
        send(DesktopNotification(title: tr("Still following your alerts"), body: body), id: "kept-running")
    }

    private func send(_ notification: DesktopNotification, id: String) {
        guard allowed() else { return }
        Task { [application] in
            if await NotificationService.isAvailable() { application.send(notification, id: id) }
        }
    }
}
