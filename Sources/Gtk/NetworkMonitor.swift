import CGtk

/// GIO's network monitor: whether this computer has a network, and word when that changes.
@MainActor
public final class NetworkMonitor: Object {
    /// The system's monitor (netlink, NetworkManager or the portal, as GIO finds).
    public static func systemDefault() -> NetworkMonitor {
        NetworkMonitor(borrowed: UnsafeMutableRawPointer(g_network_monitor_get_default()))
    }

    private var monitor: OpaquePointer { OpaquePointer(pointer) }

    /// Whether a network is there (it may still not reach the internet).
    public var isAvailable: Bool { g_network_monitor_get_network_available(monitor) != 0 }

    /// `handler` gets whether a network is available, each time the network changes (GIO may say
    /// so several times for one change).
    public func onChanged(_ handler: @escaping @MainActor (Bool) -> Void) {
        on("network-changed", int: { handler($0 != 0) })
    }
}
