import Foundation

/// For `make bench`: the moments start-up passes (`main` entered, the window built, its first frame
/// painted), on the monotonic clock the bench reads too, written as "NAME SECONDS" lines to the file
/// `TRIPBOARD_STARTUP_LOG` names once the first frame is painted. Costs a clock reading a mark.
@MainActor
public enum StartupLog {
    private static var marks: [(name: String, seconds: Double)] = []

    /// Notes that start-up reached `name` now.
    public static func mark(_ name: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        marks.append((name, Double(now.tv_sec) + Double(now.tv_nsec) / 1e9))
    }

    /// Writes the marks to `path`, if any.
    static func write(to path: String?) {
        guard let path, !path.isEmpty else { return }
        let lines = marks.map { "\($0.name) \(String(format: "%.6f", $0.seconds))\n" }.joined()
        FileManager.default.createFile(atPath: path, contents: Data(lines.utf8))
    }
}
