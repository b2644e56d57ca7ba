import Foundation

/// Fetches picture bytes by address. The live one caches on disk; tests script their own.
public protocol ImageSource: Sendable {
    func imageData(at url: URL) async throws(APIError) -> Data
}
