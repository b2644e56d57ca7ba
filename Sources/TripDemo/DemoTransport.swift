import TripCore

/// Sends requests to the demo service in-process: no socket, no port, same answers as over HTTP,
/// and the same failures a network transport reports (a dropped connection, a body over the cap).
public struct DemoTransport: HTTPTransport {
    public let service: DemoService

    public init(service: DemoService = DemoService()) {
        self.service = service
    }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let answer = await service.answer(to: request)
        if Task.isCancelled { throw .cancelled }
        if answer.cutAfter != nil { throw .connectionLost }
        if answer.response.body.count > HTTPResponse.maxBodyBytes { throw .tooLarge(limit: HTTPResponse.maxBodyBytes) }
        return try answer.response.requireSuccess()
    }
}
