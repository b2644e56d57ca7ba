import Foundation
import Testing

/// Test data: our own hand-written fixtures, and the real captured payloads in ../shared/fixtures.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    /// The package's root folder (where Package.swift is).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A real captured payload from ../shared/fixtures, or nil when that folder is not beside the checkout.
    static func shared(_ path: String) -> Data? {
        try? Data(contentsOf: packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures").appendingPathComponent(path))
    }
}

