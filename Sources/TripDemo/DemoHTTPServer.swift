import Foundation
import HTTPTypes
import Hummingbird
import Logging
// Not declared in Package.swift: Hummingbird depends on it, and only its IOError is read here, to
// tell a port in use from other failures.
import NIOCore
import TripCore

/// The demo service over real HTTP on 127.0.0.1, for tests and for anyone building a client.
public struct DemoHTTPServer: Sendable {
    public let service: DemoService
    public let port: Int
    /// Largest request body accepted.
    public static let maxRequestBytes = 1 << 20

    /// - Parameter port: 0 picks a free port; `onReady` learns which.
    public init(service: DemoService = DemoService(), port: Int = 0) {
        self.service = service
        self.port = port
    }

    /// The port asked for is taken by another program.
    public struct PortInUse: Error, Sendable, CustomStringConvertible {
        public var port: Int

        public var description: String { "port \(port) is already in use on 127.0.0.1" }
    }

    /// Serves until the surrounding task is cancelled. `onReady` gets the port once it is listening.
    /// Throws `PortInUse` when the port is taken.
    public func run(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        do {
            try await serve(onReady: onReady)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw PortInUse(port: port)
        }
    }

    private func serve(onReady: @escaping @Sendable (Int) async -> Void) async throws {
        let application = Application(
            responder: DemoResponder(service: service),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port),
                                                    serverName: "tripboard-demo"),
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "tripboard-demo", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await application.runService(gracefulShutdownSignals: [])
    }
}

/// Thrown mid-body to break a connection on purpose (the `dropped` fault).
private struct DroppedConnection: Error {}

/// Turns each Hummingbird request into an `HTTPRequest` for `DemoService` and back.
private struct DemoResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let service: DemoService

    func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: DemoHTTPServer.maxRequestBytes)
        // Read as sent, checked before use: a path or query that is not valid URL text (a bare "%",
        // a space) is a 400, never a trap. (Setting `URLComponents.percentEncodedPath` to such
        // text stops the process.)
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        guard target.hasPrefix("/"),
              let url = URLComponents(string: "http://127.0.0.1" + target)?.url,
              let method = TripCore.HTTPRequest.Method(rawValue: request.method.rawValue)
        else {
            return Response(status: .badRequest)
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let reply = await service.answer(to: TripCore.HTTPRequest(
            method: method, url: url, headers: headers,
            body: body.readableBytes > 0 ? Data(body.readableBytesView) : nil))
        let answer = reply.response
        var responseHeaders = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { responseHeaders[field] = value }
        }
        guard let cut = reply.cutAfter else {
            return Response(status: .init(code: answer.status), headers: responseHeaders,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        // Promise the whole body, send part of it, then fail the write: the connection closes.
        let part = ByteBuffer(bytes: answer.body.prefix(cut))
        return Response(status: .init(code: answer.status), headers: responseHeaders,
                        body: ResponseBody(contentLength: answer.body.count) { writer in
                            try await writer.write(part)
                            throw DroppedConnection()
                        })
    }
}
