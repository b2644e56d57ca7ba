import CGtk

/// A `GtkImage` showing a themed icon.
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int) {
        super.init(floating: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
        gtk_image_set_pixel_size(OpaquePointer(pointer), Int32(pixelSize))
    }

    public var iconName: String? {
        get { gtk_image_get_icon_name(OpaquePointer(pointer)).map { String(cString: $0) } }
        set { gtk_image_set_from_icon_name(OpaquePointer(pointer), newValue) }
    }
}
