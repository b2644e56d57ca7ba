import Foundation

/// One line on standard error for what someone who started the window from a terminal should see
/// (a variable that could not be read, a save that failed as the window closed). Written with
/// `write(2)`: a closed or full standard error loses the line and nothing else, where
/// `FileHandle.write` would stop the process. (The subcommands have their own `Output`, which also
/// decides their exit status.)
public enum StandardError {
    public static func say(_ message: String) {
        let line = Array("tripboard: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
