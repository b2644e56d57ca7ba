import Foundation
import Testing

/// The captured payloads are inputs, not optional extras.
struct FixtureTests {
    /// A captured payload that is not there throws, so the test that needs it fails instead of passing unchecked.
    @Test func missingSharedPayloadFails() {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-fixtures-\(UUID().uuidString)")
        #expect(throws: Fixture.Missing.self) { try Fixture.shared("tfl/arrivals_490005020N.json", in: nowhere) }
    }

    /// Beside the checkout, the payloads the tests name are read.
    @Test func presentSharedPayloadIsRead() throws {
        #expect(try !Fixture.shared("tfl/arrivals_490005020N.json").isEmpty)
    }
}
