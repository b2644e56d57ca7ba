import Foundation
import Synchronization
import TripCore
import TripDemo
import TripLive

/// Sends the built-in demo's requests to the demo in this process, and every other to the
/// network (whose session is made on first use, not at start-up).
final class RoutingTransport: HTTPTransport {
    let demo: DemoTransport
    private let network = Mutex<URLSessionTransport?>(nil)

    init(demo: DemoTransport) {
        self.demo = demo
    }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        if request.url.host == DemoEndpoints.inProcessBase.host { return try await demo.send(request) }
        let live = network.withLock { network in
            if let network { return network }
            // Its own timeout is only a backstop: the Time limit setting gives up first.
            let made = URLSessionTransport(timeout: TimeInterval(SettingKey.timeLimitRange.upperBound + 10))
            network = made
            return made
        }
        return try await live.send(request)
    }
}
