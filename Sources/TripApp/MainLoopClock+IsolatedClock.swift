import Gtk
import TripCore

/// The window's countdowns tick on the main loop without leaving the main actor (Gtk knows nothing
/// of TripCore, so the two meet here).
extension MainLoopClock: IsolatedClock {}
