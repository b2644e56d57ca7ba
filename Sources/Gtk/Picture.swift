import CGtk
import Foundation

/// An image decoded from bytes (PNG, JPEG or TIFF), ready for a `Picture`. GDK's decoding is
/// thread-safe, so it may be made on any thread: a page decodes off the main thread (`decoded`)
/// and shows the result on it.
public final class DecodedImage: @unchecked Sendable {
    /// The texture, one reference of its own. A GdkTexture never changes once made.
    fileprivate let texture: OpaquePointer

    /// Decodes `data`; nil when it is not an image GTK can decode. With `covering`, an image larger
    /// than needed to cover that many points at `scale` pixels a point is scaled down to that, once:
    /// it then holds only the pixels it shows (a 240 × 160 JPEG shown at 120 × 80 holds 28.8 KB
    /// instead of 150 KB), and each frame draws those instead of scaling the whole image again.
    public init?(_ data: Data, covering size: (width: Int, height: Int)? = nil, scale: Int = 1) {
        let area = size.map { ($0.width * scale, $0.height * scale) }
        // A JPEG or PNG whose size its header gives is decoded straight to the size that covers
        // the area (libjpeg decodes at a half, a quarter or an eighth itself): no full-size copy.
        if let (width, height) = area, let header = ImageHeader(data),
           let fitted = Self.covering((header.width, header.height), width, height),
           let texture = Self.decode(data, format: header.format, at: fitted) {
            self.texture = texture
            return
        }
        // Anything else is decoded whole by GDK (copied once into GBytes for it).
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            g_error_free(error)
            return nil
        }
        self.texture = area.map { Self.scaled(texture, toCover: $0.0, $0.1) } ?? texture
    }

    /// `init(_:covering:scale:)` on a worker thread, off the caller's actor.
    public static func decoded(_ data: Data, covering size: (width: Int, height: Int), scale: Int) async -> DecodedImage? {
        DecodedImage(data, covering: size, scale: scale)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    /// Its size in pixels.
    public var size: (width: Int, height: Int) {
        (Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture)))
    }

    /// The size, in pixels, an image of `image` pixels is scaled down to so as to cover `width` ×
    /// `height`, its shape kept; nil when it is no larger than that already.
    static func covering(_ image: (width: Int, height: Int), _ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        let (imageWidth, imageHeight) = (Double(image.width), Double(image.height))
        let ratio = max(Double(width) / imageWidth, Double(height) / imageHeight)
        guard ratio < 1 else { return nil }
        return (Int(max(1, (imageWidth * ratio).rounded(.up))), Int(max(1, (imageHeight * ratio).rounded(.up))))
    }

    /// `data`, in `format`, decoded by GdkPixbuf straight to `size`; nil when it cannot. Its loader
    /// is made for the format the header gave, which spares GIO guessing it from the MIME database.
    private static func decode(_ data: Data, format: String, at size: (width: Int, height: Int)) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(format, &error) else {
            g_error_free(error)
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
        let written = data.withUnsafeBytes { bytes in
            gdk_pixbuf_loader_write(loader, bytes.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(bytes.count), &error)
        }
        var closing: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closing)
        for failure in [error, closing] { if let failure { g_error_free(failure) } }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        return gdk_texture_new_for_pixbuf(pixbuf)
    }

    /// `texture` (whose reference it takes), or a copy scaled down to cover `width` × `height`
    /// pixels when it is larger.
    private static func scaled(_ texture: OpaquePointer, toCover width: Int, _ height: Int) -> OpaquePointer {
        let image = (width: Int(gdk_texture_get_width(texture)), height: Int(gdk_texture_get_height(texture)))
        guard let fitted = covering(image, width, height), let pixbuf = gdk_pixbuf_get_from_texture(texture) else { return texture }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let small = gdk_pixbuf_scale_simple(pixbuf, Int32(fitted.width), Int32(fitted.height), GDK_INTERP_BILINEAR)
        else { return texture }
        defer { g_object_unref(UnsafeMutableRawPointer(small)) }
        g_object_unref(UnsafeMutableRawPointer(texture))
        return gdk_texture_new_for_pixbuf(small)
    }
}

/// A `GtkPicture` showing a decoded image.
public final class Picture: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(gtk_picture_new()))
        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture, 1)
    }

    private var picture: OpaquePointer { OpaquePointer(pointer) }

    /// The bytes shown and the area they were fitted to, to fit them again when the display's scale changes.
    private var fitted: (data: Data, width: Int, height: Int)?

    /// Pixels a point on the display the picture is on (1 until it is shown on one).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    /// Decodes and shows the image in `data`, fitted to cover `size` (see `DecodedImage`). Returns
    /// false, leaving the picture as it was, if `data` is not an image GTK can decode.
    @discardableResult
    public func setImage(_ data: Data, covering size: (width: Int, height: Int)? = nil) -> Bool {
        guard let image = DecodedImage(data, covering: size, scale: scaleFactor) else { return false }
        show(image, from: size.map { (data, $0) })
        return true
    }

    /// Shows `image`. When it was decoded from `source` to cover an area, it is decoded again the
    /// same way if the display's scale changes.
    public func show(_ image: DecodedImage, from source: (data: Data, covering: (width: Int, height: Int))? = nil) {
        if let source {
            if fitted == nil {
                on("notify::scale-factor", pointer: { [weak self] _ in
                    if let self, let fitted { setImage(fitted.data, covering: (fitted.width, fitted.height)) }
                })
            }
            fitted = (source.data, source.covering.width, source.covering.height)
        } else {
            fitted = nil
        }
        gtk_picture_set_paintable(picture, image.texture)
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
