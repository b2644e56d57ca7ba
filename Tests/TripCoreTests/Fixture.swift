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

    /// Where the real captured payloads live: `shared/fixtures` beside the checkout.
    static let sharedFolder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    /// A real captured payload from `sharedFolder`. Throws `Missing` when it cannot be read, so a
    /// test whose input is absent fails instead of passing without checking anything.
    static func shared(_ path: String, in folder: URL = sharedFolder) throws -> Data {
        let url = folder.appendingPathComponent(path)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Missing(path: url.path)
        }
    }

    /// A captured payload a test needs is not there.
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "the captured payload \(path) is missing: these tests need ../shared/fixtures beside the checkout"
        }
    }
}

