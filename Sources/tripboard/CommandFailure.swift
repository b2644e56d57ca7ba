import ArgumentParser
import Foundation
import TripCore
import TripWords

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

    /// Something the command could not do for a reason of its own, said in plain words.
    struct Plain: Error {
        var message: String
    }

    /// The time the command was given passed first: status 124, as `timeout(1)` exits.
    struct TimedOut: Error {
        var message: String
    }

    static func exit(with error: any Error) -> Never {
        let (message, status) = describe(error)
        Output.say(message)
        Output.exit(status)
    }

    /// The line and the status for `error`. Never a Swift type's name: an error this does not
    /// know is said by its POSIX reason where it has one, else as unexpected.
    static func describe(_ error: any Error) -> (message: String, status: Int32) {
        switch error {
        case let error as APIError:
            return (error.sentence, 1)
        case let error as Incomplete:
            return (error.message, 3)
        case let error as BadValue:
            return (error.message, 64)
        case let error as Plain:
            return (error.message, 1)
        case let error as TimedOut:
            return (error.message, AlertCommand.timedOutStatus)
        case let error as StoreError:
            return (error.sentence, 1)
        case let error as ValidationError:
            return (error.message, 64)
        case is CancellationError:
            return (tr("the command was cancelled"), 1)
        default:
            let error = error as NSError
            if error.domain == NSPOSIXErrorDomain, let reason = strerror(Int32(error.code)) {
                // TRANSLATORS: %1$@ is the system's reason, such as "No space left on device".
                return (tr("the command failed: %1$@").filled(String(cString: reason)), 1)
            }
            return (tr("the command stopped on an error Tripboard did not expect; please report how it happened"), 1)
        }
    }
}
