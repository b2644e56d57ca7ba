import Foundation
import Testing
import TripCore
import TripDemo
@testable import TripLive

struct ImageCacheTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-images-\(UUID().uuidString)")
    }

    /// A picture is fetched over HTTP once, then served from disk by a later cache even with no server.
    @Test func picturesPersistOnDisk() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try await withDemoServer { base in
            let url = URL(string: base.absoluteString + "/deals/images/4/3539?width=240&height=160")!
            let data = try await ImageCache(transport: URLSessionTransport(), directory: directory).imageData(at: url)
            #expect(data.starts(with: [0xFF, 0xD8, 0xFF]))
            return url
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        // The server is gone: only the disk can answer.
        let again = try await ImageCache(transport: URLSessionTransport(timeout: 2), directory: directory).imageData(at: url)
        #expect(again.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    /// A missing picture is an error, and nothing is written to the cache.
    @Test func missingPictureIsNotCached() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withDemoServer { base in
            let url = URL(string: base.absoluteString + "/deals/images/4/1")!
            await #expect(throws: APIError.httpStatus(404, reason: "no picture for 4|1")) {
                try await ImageCache(transport: URLSessionTransport(), directory: directory).imageData(at: url)
            }
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty ?? true)
    }

    /// Bytes that are not an image (an error page with status 200) are returned but never stored.
    @Test func nonImageBytesAreNotStored() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = HTTPResponse(status: 200, body: Data("<html>login</html>".utf8))
        let cache = ImageCache(transport: FixedTransport(response: page), directory: directory)
        let data = try await cache.imageData(at: URL(string: "http://img.example/1")!)
        #expect(data == page.body)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty ?? true)
    }

    /// File names come from a hash of the address: stable, and free of the address's characters.
    @Test func fileNamesAreStableHashes() throws {
        let directory = URL(fileURLWithPath: "/tmp/x")
        let one = try #require(ImageCache.file(for: URL(string: "http://a/b?c=1")!, in: directory))
        #expect(one == ImageCache.file(for: URL(string: "http://a/b?c=1")!, in: directory))
        #expect(one != ImageCache.file(for: URL(string: "http://a/b?c=2")!, in: directory))
        #expect(one.lastPathComponent.count == 16)
    }
}

private struct FixedTransport: HTTPTransport {
    let response: HTTPResponse
    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse { try response.requireSuccess() }
}
