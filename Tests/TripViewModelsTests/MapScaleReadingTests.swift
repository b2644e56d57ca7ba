import Testing
@testable import TripViewModels

/// The map's scale: the longest round distance that fits its room, in words.
struct MapScaleReadingTests {
    @Test func theLongestRoundDistanceThatFitsIsShownAtItsLength() throws {
        // London at zoom 16: 1.49 m a pixel, 178.8 m in 120 px.
        let street = try #require(MapScaleReading(metresPerPixel: 1.49, room: 120))
        #expect(street.metres == 100 && street.text == "100 m")
        #expect(abs(street.pixels - 67.11) < 0.01)
        let district = try #require(MapScaleReading(metresPerPixel: 10, room: 120))  // 1,200 m fit
        #expect(district.metres == 1000 && district.pixels == 100 && district.text == "1 km")
        #expect(MapScaleReading(metresPerPixel: 40, room: 120)?.text == "2 km")      // 4,800 m fit
        #expect(MapScaleReading(metresPerPixel: 3, room: 120)?.text == "200 m")      // 360 m fit
        #expect(MapScaleReading(metresPerPixel: 50_000, room: 120)?.text == "5000 km")
        #expect(MapScaleReading(metresPerPixel: 0.004, room: 120)?.metres == nil, "less than a metre fits")
        #expect(MapScaleReading(metresPerPixel: 0, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: .nan, room: 120) == nil)
        #expect(MapScaleReading(metresPerPixel: 1.49, room: 0) == nil)
    }
}
