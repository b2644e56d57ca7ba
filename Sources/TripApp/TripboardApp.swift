import Adw
import Foundation
import Gtk
import TripCore
import TripViewModels
import TripWiring

/// The libadwaita application: one window over the services the settings (and the environment) choose.
@MainActor
public enum TripboardApp {
    public static let applicationID = "io.github.tripboard.Tripboard"

    /// Opens the window on `tab` (the one it was left on when nil) and runs until it closes;
    /// returns the exit status. When Tripboard already runs, that window comes forward instead
    /// (on `tab`, if given) and this returns at once.
    /// `TRIPBOARD_EXIT_AFTER_FIRST_FRAME=1` quits with status 0 once the first frame is painted;
    /// `TRIPBOARD_STARTUP_LOG=PATH` writes there when start-up reached `main`, the window built and
    /// the first frame (`StartupLog`).
    public static func run(tab: Tab? = nil,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        // A terminal that went away is no reason to stop: its lines are lost, the window goes on.
        signal(SIGPIPE, SIG_IGN)
        Application.leaveLocaleAlone()
        let application = Adwaita.application(id: applicationID)
        var mainWindow: MainWindow?
        application.addAction("show-tab") { name in
            guard let tab = Tab(rawValue: name) else { return }
            mainWindow?.show(tab)
        }
        let runtime = Runtime(environment: environment, keepsUnsavedChanges: true)
        // GTK starts next, on this thread (the display, its GL probe, libadwaita's style sheet:
        // some 80 ms); meanwhile a worker opens the database and makes the formatters the first
        // frame's rows use, which this thread would otherwise do after.
        let prepared = DispatchSemaphore(value: 0)
        Task.detached(priority: .userInitiated) {
            runtime.database.open()
            DealsViewModel.prepareFormats()
            prepared.signal()
        }
        guard application.registerAsPrimary() else {
            // The running copy shows the tab, then comes forward (`run` activates it and returns);
            // this one ends once its worker has (no database left half opened).
            prepared.wait()
            if let tab { application.activateAction("show-tab", tab.rawValue) }
            return application.run()
        }
        for warning in runtime.warnings {
            StandardStreams.say(warning)
        }
        let exitAfterFirstFrame = environment["TRIPBOARD_EXIT_AFTER_FIRST_FRAME"] == "1"
        application.onActivate { [unowned application] in
            if let mainWindow { return mainWindow.window.present() }
            Theme.apply()
            let created = MainWindow(application: application, runtime: runtime, tab: tab)
            StartupLog.mark("built")
            created.window.onFirstFrame {
                StartupLog.mark("frame")
                StartupLog.write(to: environment["TRIPBOARD_STARTUP_LOG"])
                if exitAfterFirstFrame { application.quit() }
            }
            created.window.present()
            mainWindow = created
        }
        let status = application.run()
        mainWindow = nil
        return status
    }
}
