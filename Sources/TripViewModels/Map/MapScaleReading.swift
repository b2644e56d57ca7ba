import TripWords

/// What a map's scale shows: the longest round distance (1, 2 or 5 times a power of ten metres)
/// that fits in the bar's room at the map's zoom and latitude, and how long it is drawn.
public struct MapScaleReading: Sendable, Equatable {
    /// The distance the bar stands for, in metres.
    public let metres: Double
    /// The bar's length, in pixels: `metres` at the map's scale.
    public let pixels: Double

    /// The reading for a map where a pixel spans `metresPerPixel` and the bar has `room` pixels;
    /// nil where no distance can be read (a scale of zero or less, no room, not a number, or less
    /// than a metre in the room).
    public init?(metresPerPixel: Double, room: Double) {
        let fits = metresPerPixel * room
        guard metresPerPixel > 0, room > 0, fits.isFinite, fits >= 1 else { return nil }
        var power = 1.0
        while power * 10 <= fits { power *= 10 }
        let step = [5.0, 2, 1].first { $0 * power <= fits } ?? 1
        metres = step * power
        pixels = metres / metresPerPixel
    }

    /// "500 m", "2 km", "5,000 km" (grouped as the locale writes numbers).
    public var text: String {
        let whole = Int(metres.rounded())
        // TRANSLATORS: a distance in kilometres on a map's scale: "2 km".
        return whole >= 1000 ? tr("%1$ld km").filled(Plural.grouped(whole / 1000)) : tr("%1$ld m").filled(whole)
    }
}
