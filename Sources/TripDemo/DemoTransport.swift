import TripCore

/// Sends requests to the demo service in-process: no socket, no port, same answers as over HTTP.
public struct DemoTransport: HTTPTransport {
    public let service: DemoService

    public init(service: DemoService = DemoService()) {
        self.service = service
    }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let response = await service.respond(to: request)
        if Task.isCancelled { throw .cancelled }
        return try response.requireSuccess()
    }
}
