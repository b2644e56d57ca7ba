import Testing
@testable import TripViewModels

/// The map's scale: the longest round distance that fits its room, in words.
struct MapScaleReadingTests {
    /// Metres a pixel, and the distance and words read in 120 pixels.
    static let readings: [(Double, Double, String)] = [
        (1.49, 100.0, "100 m"),        // London at zoom 16: 178.8 m fit
        (3, 200, "200 m"),             // 360 m fit
        (10, 1000, "1 km"),            // 1,200 m fit
        (40, 2000, "2 km"),            // 4,800 m fit
        (50_000, 5_000_000, "5,000 km"),   // the whole world: grouped as English writes it
        (10.0 / 120, 10, "10 m"),      // exactly 10 m fit
        (1000.0 / 120, 1000, "1 km"),  // exactly 1 km
        (5.0 / 120, 5, "5 m"),         // exactly 5 m
        (1.0 / 120, 1, "1 m"),         // exactly 1 m
    ]

    /// Each scale of the map (metres a pixel, in a room of 120 pixels) reads the longest distance
    /// of 1, 2 or 5 times a power of ten metres that fits, drawn at its length; one that fits
    /// exactly is taken.
    @Test(arguments: Self.readings)
    func theLongestRoundDistanceThatFits(metresPerPixel: Double, metres: Double, text: String) throws {
        let reading = try #require(MapScaleReading(metresPerPixel: metresPerPixel, room: 120))
        #expect(reading.metres == metres)
        #expect(reading.text == text)
        #expect(abs(reading.pixels - metres / metresPerPixel) < 1e-9)
        #expect(reading.pixels <= 120 + 1e-9)
    }

    /// No reading where no distance can be shown: less than a metre in the room, no scale, no room.
    @Test func noReadingWithoutADistanceToShow() {
        #expect(MapScaleReading(metresPerPixel: 0.004, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: 0, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: -1, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: .nan, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: .infinity, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: 1.49, room: 0) == nil)
    }
}
