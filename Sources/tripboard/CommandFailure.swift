import ArgumentParser
import Foundation
import TripCore

/// Ends a subcommand that failed with one plain line on stderr and a non-zero status.
enum CommandFailure {
    /// The command printed what it had, but it is not the whole answer.
    struct Incomplete: Error {
        var message: String
    }

    /// A value the command cannot take (a setting that does not exist or a value it cannot hold): EX_USAGE.
    struct BadValue: Error {
        var message: String
    }

    static func exit(with error: any Error) -> Never {
        let message: String
        let status: Int32
        switch error {
        case let error as APIError:
            message = error.description
            status = 1
        case let error as Incomplete:
            message = error.message
            status = 3
        case let error as BadValue:
            message = error.message
            status = 64
        case let error as StoreError:
            message = error.description
            status = 1
        case let error as ValidationError:
            message = error.message
            status = 64
        default:
            message = String(describing: error)
            status = 1
        }
        FileHandle.standardError.write(Data("tripboard: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
