import CGtk

/// A GObject owned from Swift: holds one strong reference for as long as the Swift object lives.
///
/// Wrappers are not `Sendable`: GTK objects live on the main thread, and so do their wrappers.
@MainActor
open class Object {
    /// The wrapped instance. Valid while this wrapper lives.
    public let pointer: UnsafeMutableRawPointer

    /// Wraps a newly created widget: sinks its floating reference (or, for a window GTK already
    /// owns, adds one), so both Swift and a future parent hold their own.
    public init(floating pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    /// Wraps an object whose only reference the caller hands over (transfer full, not floating).
    public init(owned pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    /// Wraps an object someone else owns (transfer none), adding this wrapper's own reference.
    public init(borrowed pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref(pointer)
    }

    isolated deinit {
        g_object_unref(pointer)
    }

    public var gobject: UnsafeMutablePointer<GObject> { pointer.assumingMemoryBound(to: GObject.self) }
}
