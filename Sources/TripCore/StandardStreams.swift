import Foundation

/// Standard output and standard error written with `write(2)`: a closed or full stream is an errno
/// to act on, never a trap (`FileHandle.write` stops the process on any write error). The
/// subcommands' `Output` decides their exit status from it; the window uses `say`.
public enum StandardStreams {
    /// One line on standard error for whoever started the window from a terminal (a variable that
    /// could not be read, a save that failed as the window closed); lost when the stream is gone.
    public static func say(_ message: String) {
        _ = write("tripboard: \(message)\n", to: STDERR_FILENO)
    }

    /// Writes all of `text` to `descriptor`, retrying when interrupted or when the descriptor is
    /// non-blocking and full; 0 when it was all written, else the `errno` that stopped it.
    public static func write(_ text: String, to descriptor: Int32) -> Int32 {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count >= 0 {
                    offset += count
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, -1)
                default:
                    return errno
                }
            }
            return 0
        }
    }
}
