import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TripCore

/// The live `HTTPTransport`: URLSession with timeouts and a cap on how much of a body it will read.
public final class URLSessionTransport: HTTPTransport {
    /// Seconds without progress before a request fails.
    public let timeout: TimeInterval
    /// A body longer than this is abandoned as it arrives, not after.
    public let maxBodyBytes: Int
    private let session: URLSession
    private let collector: BodyCollector

    public init(timeout: TimeInterval = 15, maxBodyBytes: Int = HTTPResponse.maxBodyBytes) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": AppVersion.userAgent]
        collector = BodyCollector(maxBodyBytes: maxBodyBytes)
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        let response: HTTPResponse
        do {
            response = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    collector.start(task, continuation: continuation)
                }
            } onCancel: {
                task.cancel()
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw Task.isCancelled ? .cancelled : Self.describe(error, timeout: timeout)
        }
        return try response.requireSuccess()
    }

    private static func describe(_ error: any Error, timeout: TimeInterval) -> APIError {
        guard let urlError = error as? URLError else { return .transport(.system(error.localizedDescription)) }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .transport(.timedOut(seconds: Int(timeout)))
        case .cannotConnectToHost: return .transport(.refused)
        case .cannotFindHost, .dnsLookupFailed: return .transport(.hostNotFound)
        case .notConnectedToInternet: return .transport(.offline)
        case .networkConnectionLost: return .connectionLost
        default: return .transport(.system(urlError.localizedDescription))
        }
    }
}

/// Gathers each task's body as it arrives and stops any task whose body outgrows the cap.
private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var response: HTTPURLResponse?
        var body = Data()
        var tooLarge = false
    }

    private let maxBodyBytes: Int
    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        let declaredTooLarge = response.expectedContentLength > Int64(maxBodyBytes)
        lock.withLock {
            pending[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            if declaredTooLarge {
                pending[dataTask.taskIdentifier]?.tooLarge = true
            } else if response.expectedContentLength > 0 {
                // Room for the whole body at once: appended chunk by chunk, it would be copied each
                // time it doubled, and keep up to twice its size.
                pending[dataTask.taskIdentifier]?.body.reserveCapacity(Int(response.expectedContentLength))
            }
        }
        completionHandler(declaredTooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Mutated in place through the dictionary: a copy of the entry would copy the whole body
        // gathered so far on every chunk.
        let id = dataTask.taskIdentifier
        let overflow = lock.withLock { () -> Bool in
            guard let gathered = pending[id]?.body.count, pending[id]?.tooLarge == false else { return false }
            if gathered + data.count > maxBodyBytes {
                pending[id]?.tooLarge = true
                pending[id]?.body = Data()
                return true
            }
            pending[id]?.body.append(data)
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if entry.tooLarge {
            entry.continuation.resume(throwing: APIError.tooLarge(limit: maxBodyBytes))
        } else if let error {
            // Headers came, then the body stopped short: the connection broke halfway.
            let brokeHalfway = entry.response != nil && (error as? URLError).map { ![.cancelled, .timedOut].contains($0.code) } == true
            entry.continuation.resume(throwing: brokeHalfway ? APIError.connectionLost : error)
        } else if let http = entry.response {
            var headers: [String: String] = [:]
            for case let (name as String, value as String) in http.allHeaderFields { headers[name] = value }
            entry.continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: entry.body))
        } else {
            entry.continuation.resume(throwing: APIError.transport(.noHTTPResponse))
        }
    }
}
