import Foundation
import Testing
import TripCore
import TripDemo
import TripLive
#if canImport(Glibc)
import Glibc
#endif

/// The demo's HTTP face against request lines no client library would send.
struct HostileRequestTests {
    /// A path or query that is not valid URL text (a bare "%", a space, raw non-ASCII bytes, an
    /// escape that is not UTF-8) gets an answer — read literally or refused with 400 — and the
    /// server stays up; it never stops the process.
    @Test func oddRequestTargetsAreAnsweredNotFatal() async throws {
        try await withDemoServer { base in
            let port = try #require(base.port)
            let targets: [(bytes: [UInt8], status: String)] = [
                (Array("/StopPoint/Search/a%zzb".utf8), "200"),
                (Array("/StopPoint/Search/a b".utf8), "400"),
                (Array("/StopPoint/Search/caf".utf8) + [0xC3, 0xA9], "400"),
                (Array("/StopPoint/Search/%FF%FE".utf8), "400"),
                (Array("/StopPoint?lat=%zz%&lon=1".utf8), "400"),
                (Array("*".utf8), "400"),
            ]
            for target in targets {
                let statusLine = await Self.statusLine(port: port, target: target.bytes)
                #expect(statusLine?.hasPrefix("HTTP/1.1 \(target.status)") == true,
                        "\(String(decoding: target.bytes, as: UTF8.self)) → \(statusLine ?? "no answer")")
            }
            let stops = try await TfLClient(transport: URLSessionTransport(), baseURL: base).searchStops(matching: "Tenison")
            #expect(!stops.isEmpty, "still serving")
        }
    }

    /// The first line of the answer to `GET target` sent byte for byte, off Swift's thread pool
    /// (the socket blocks); nil when the connection gives none within 5 s.
    static func statusLine(port: Int, target: [UInt8]) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: exchange(port: port, target: target)) }.start()
        }
    }

    private static func exchange(port: Int, target: [UInt8]) -> String? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == request.count else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        guard let end = answer.firstIndex(of: UInt8(ascii: "\r")) else { return nil }
        return String(decoding: answer[..<end], as: UTF8.self)
    }
}
