import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import TripCore
import TripWords

/// The one way the subcommands write: standard output and standard error through `write(2)`, so
/// that a reader that went away, a full disk or a closed stream decides the exit status and never
/// traps (Foundation's `FileHandle.write` stops the process on any write error).
///
/// - A reader that has gone away (`tripboard deals | head -1`, EPIPE) ends the command at once,
///   quietly, with status 0, as `head` wanted no more.
/// - Standard output that cannot be written (a full disk, a closed descriptor) ends the command
///   with one line on standard error and status 74 (EX_IOERR).
/// - Standard error that cannot be written (closed, or a full disk) cannot say anything: the
///   command ends as it would have, and a run that would have succeeded exits 74 instead, so
///   a lost line is never a silent success.
enum Output {
    /// EX_IOERR: the output could not be written.
    static let ioErrorStatus: Int32 = 74

    /// Whether a line meant for standard error was lost.
    private static let lostError = Mutex(false)
    /// Standard output or standard error was closed when the process started (`>&-`, `2>&-`).
    private static let closedAtStart = Mutex((output: false, error: false))

    /// Call first in `main`, before any file is opened (for the window too). Ignores SIGPIPE, so a reader that went away is an EPIPE
    /// this type handles rather than a signal. Puts /dev/null on any of descriptors 0–2 that is
    /// closed, so a file opened later (the database) can never take its number and receive output
    /// meant for the terminal; what is then written there counts as lost.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        var closed = [false, false, false]
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
            closed[Int(descriptor)] = true
            // The lowest free descriptor is taken, which is this one: 0–2 are checked in order.
            _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
        }
        closedAtStart.withLock { $0 = (output: closed[1], error: closed[2]) }
    }

    /// Writes `text` and a newline to standard output.
    static func print(_ text: String) {
        if closedAtStart.withLock({ $0.output }) { failOutput(reason: tr("standard output is closed")) }
        let written = StandardStreams.write(text + "\n", to: STDOUT_FILENO)
        switch written {
        case 0:
            return
        case EPIPE:
            exitNow(0)
        default:
            failOutput(reason: String(cString: strerror(written)))
        }
    }

    /// Writes one line to standard error, "tripboard: " first. Line breaks inside `message`
    /// become spaces: a failure is always exactly one line.
    static func say(_ message: String) {
        let line = "tripboard: " + message.split(whereSeparator: \.isNewline).joined(separator: " ")
        if closedAtStart.withLock({ $0.error }) || StandardStreams.write(line + "\n", to: STDERR_FILENO) != 0 {
            lostError.withLock { $0 = true }
        }
    }

    /// Writes what `parts` say (the nil ones left out) on one stderr line, joined as the command
    /// line joins what it says about one answer ("offline: …; 2 deals could not be read"); writes
    /// nothing when there is nothing to say.
    static func say(_ parts: [String?]) {
        let said = parts.compactMap(\.self)
        // TRANSLATORS: joins what is said about an answer on one line: "offline: showing deals from 14:05 (12 min ago); 2 deals could not be read".
        if !said.isEmpty { say(said.joined(separator: tr("; "))) }
    }

    /// Writes `lines` to standard error as they are (a usage message after its "tripboard:" line).
    static func sayMore(_ lines: [Substring]) {
        guard !lines.isEmpty else { return }
        if closedAtStart.withLock({ $0.error }) || StandardStreams.write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO) != 0 {
            lostError.withLock { $0 = true }
        }
    }

    /// Ends the process with `status`, or with 74 when it would have succeeded but a line meant for
    /// standard error was lost.
    static func exit(_ status: Int32) -> Never {
        exitNow(status == 0 && lostError.withLock { $0 } ? ioErrorStatus : status)
    }

    private static func failOutput(reason: String) -> Never {
        // TRANSLATORS: %1$@ is the system's reason, such as "No space left on device".
        say(tr("could not write the output: %1$@").filled(reason))
        exitNow(ioErrorStatus)
    }

    /// `_exit` rather than `exit`: C's buffered streams hold nothing of ours, and flushing them
    /// into a broken pipe or a full disk is exactly what must not happen again.
    private static func exitNow(_ status: Int32) -> Never {
        _exit(status)
    }
}
