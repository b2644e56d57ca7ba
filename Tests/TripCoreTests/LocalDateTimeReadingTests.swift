import Testing
@testable import TripCore

/// The quick reading of wire times answers only where the careful one gives the same answer.
struct LocalDateTimeReadingTests {
    @Test(arguments: ["2021-08-28T09:30:00", "2021-08-28T09:30", "2016-07-29T23:59:59", "2024-02-29T00:00:00"])
    func theServicesFormsAreReadQuickly(text: String) throws {
        let quick = try #require(LocalDateTime.readQuickly(text))
        #expect(quick == LocalDateTime.readCarefully(text))
        #expect(LocalDateTime(text) == quick)
    }

    @Test(arguments: ["2023-02-29T09:30:00", "2021-13-01T09:30", "2021-08-28T24:00", "2021-08-28T09:60:00",
                      "2021-08-28T09:30:60", "+021-08-28T09:30", "2021-08-28 09:30:00", "2021-08-28T09:30:00Z",
                      "2021-08-28T09:30:00.5", "２０２１-08-28T09:30"])
    func otherFormsAreLeftToTheCarefulReading(text: String) {
        #expect(LocalDateTime.readQuickly(text) == nil)
        #expect(LocalDateTime(text) == LocalDateTime.readCarefully(text))
    }

    /// Mutations of a wire time, a character at a time: wherever the quick reading answers, the
    /// careful one answers the same.
    @Test func quickAndCarefulReadingsAgree() {
        let alphabet = Array("0123456789-T:.Z+ x9")
        var generator = SystemRandomNumberGenerator()
        for seed in ["2021-08-28T09:30:00", "2016-02-29T23:59", "1999-12-31T00:00:59"] {
            for _ in 0..<3_000 {
                var characters = Array(seed)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    characters[Int.random(in: 0..<characters.count, using: &generator)] =
                        alphabet.randomElement(using: &generator)!
                }
                let text = String(characters)
                if let quick = LocalDateTime.readQuickly(text) {
                    #expect(quick == LocalDateTime.readCarefully(text), "\(text)")
                }
            }
        }
    }
}
