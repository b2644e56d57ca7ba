import CGtk
import Foundation

/// A `GtkPicture` showing an image decoded from bytes (PNG, JPEG or TIFF).
public final class Picture: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(gtk_picture_new()))
        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture, 1)
    }

    private var picture: OpaquePointer { OpaquePointer(pointer) }

    /// Shows the image in `data`. Returns false, leaving the picture as it was, if `data` is not
    /// an image GTK can decode.
    @discardableResult
    public func setImage(_ data: Data) -> Bool {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            g_error_free(error)
            return false
        }
        gtk_picture_set_paintable(picture, texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
        return true
    }

    /// Shows nothing; what is behind the picture shows through.
    public func clear() {
        gtk_picture_set_paintable(picture, nil)
    }

    public var hasImage: Bool { gtk_picture_get_paintable(picture) != nil }
}
