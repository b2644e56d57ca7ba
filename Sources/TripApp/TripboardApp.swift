import Foundation
import Gtk

/// The GTK application: one window over the services the settings (and the environment) choose.
@MainActor
public enum TripboardApp {
    public static let applicationID = "io.github.tripboard.Tripboard"

    /// Opens the window and runs until it closes; returns the exit status.
    /// `TRIPBOARD_EXIT_AFTER_FIRST_FRAME=1` quits with status 0 once the first frame is painted.
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let application = Application(id: applicationID)
        let runtime = Runtime(environment: environment)
        for warning in runtime.warnings {
            FileHandle.standardError.write(Data("tripboard: \(warning)\n".utf8))
        }
        let exitAfterFirstFrame = environment["TRIPBOARD_EXIT_AFTER_FIRST_FRAME"] == "1"
        var mainWindow: MainWindow?
        application.onActivate { [unowned application] in
            if let mainWindow { return mainWindow.window.present() }
            Theme.apply()
            let created = MainWindow(application: application, runtime: runtime)
            if exitAfterFirstFrame {
                created.window.onFirstFrame { application.quit() }
            }
            created.window.present()
            mainWindow = created
        }
        let status = application.run()
        mainWindow = nil
        return status
    }
}
