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

    /// The image shown and the area it was fitted to, to fit it again when the display's scale changes.
    private var fitted: (data: Data, width: Int, height: Int)?

    /// Shows the image in `data`. Returns false, leaving the picture as it was, if `data` is not
    /// an image GTK can decode.
    ///
    /// With `covering`, an image larger than needed to cover that many points (times the display's
    /// scale) is scaled down to that once, here: the picture then holds only the pixels it shows
    /// (a 240 × 160 picture shown at 120 × 80 holds 38 KB instead of 150 KB), and each frame draws
    /// those instead of scaling the whole image again. It is fitted again if the scale changes.
    @discardableResult
    public func setImage(_ data: Data, covering size: (width: Int, height: Int)? = nil) -> Bool {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard var texture = gdk_texture_new_from_bytes(bytes, &error) else {
            g_error_free(error)
            return false
        }
        if let size {
            let scale = Int(gtk_widget_get_scale_factor(widget))
            texture = Self.scaled(texture, toCover: size.width * scale, size.height * scale)
            if fitted == nil {
                on("notify::scale-factor", pointer: { [weak self] _ in
                    if let self, let fitted { setImage(fitted.data, covering: (fitted.width, fitted.height)) }
                })
            }
            fitted = (data, size.width, size.height)
        } else {
            fitted = nil
        }
        gtk_picture_set_paintable(picture, texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
        return true
    }

    /// `texture` (whose reference it takes), or a copy scaled down to cover `width` × `height`
    /// pixels when it is larger.
    private static func scaled(_ texture: OpaquePointer, toCover width: Int, _ height: Int) -> OpaquePointer {
        let (imageWidth, imageHeight) = (Double(gdk_texture_get_width(texture)), Double(gdk_texture_get_height(texture)))
        let ratio = max(Double(width) / imageWidth, Double(height) / imageHeight)
        guard ratio < 1, let pixbuf = gdk_pixbuf_get_from_texture(texture) else { return texture }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let newWidth = Int32(max(1, (imageWidth * ratio).rounded(.up)))
        let newHeight = Int32(max(1, (imageHeight * ratio).rounded(.up)))
        guard let small = gdk_pixbuf_scale_simple(pixbuf, newWidth, newHeight, GDK_INTERP_BILINEAR) else { return texture }
        defer { g_object_unref(UnsafeMutableRawPointer(small)) }
        g_object_unref(UnsafeMutableRawPointer(texture))
        return gdk_texture_new_for_pixbuf(small)
    }

    /// The size of the image shown, in pixels; nil when none is.
    public var imageSize: (width: Int, height: Int)? {
        guard let paintable = gtk_picture_get_paintable(picture) else { return nil }
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }

    /// Shows nothing; what is behind the picture shows through.
    public func clear() {
        fitted = nil
        gtk_picture_set_paintable(picture, nil)
    }

    public var hasImage: Bool { gtk_picture_get_paintable(picture) != nil }
}
