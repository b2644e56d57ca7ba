import Foundation
import Gtk
import TripViewModels

/// Figures for `make bench`, written only when `TRIPBOARD_FRAME_LOG` names a file: when a finished
/// search's rows were first painted (wall-clock seconds, to compare with when the service sent its
/// last page), and after the first search how long each frame took while the results scroll from
/// top to bottom, one screenful a frame. The person's use of the window is untouched.
@MainActor
final class FrameLog {
    private let output: FileHandle
    private var frames: [Double]?
    private var waitingForPaint = false
    private var meter: FrameMeter?
    private var scroller: ScrolledWindow?
    private var hasScrolled = false
    private var wasComplete = false

    init?(path: String?) {
        guard let path, !path.isEmpty, FileManager.default.createFile(atPath: path, contents: nil),
              let output = FileHandle(forWritingAtPath: path) else { return nil }
        self.output = output
    }

    private func write(_ line: String) {
        output.write(Data((line + "\n").utf8))
    }

    /// Starts timing frames in `window`.
    func watch(_ window: Widget) {
        meter = FrameMeter(widget: window) { [weak self] milliseconds in self?.painted(milliseconds) }
    }

    /// Watches `search`, whose rows are in the list inside `scroller`: when a search finishes, the
    /// next frame shows its rows.
    func watch(_ search: SearchViewModel, scrolling scroller: ScrolledWindow) {
        self.scroller = scroller
        observe { [weak self, weak search] in
            guard let self, let search else { return }
            let isComplete = search.ending == .complete
            if isComplete, !wasComplete { waitingForPaint = true }
            wasComplete = isComplete
        }
    }

    private func painted(_ milliseconds: Double) {
        if waitingForPaint {
            waitingForPaint = false
            write("painted \(Date().timeIntervalSince1970)")
            if !hasScrolled { scrollThrough() }
        } else if frames != nil {
            frames?.append(milliseconds)
        }
    }

    private func scrollThrough() {
        guard let scroller else { return }
        hasScrolled = true
        scroller.verticalPosition = 0
        frames = []
        scroller.addTickCallback { [weak self, scroller] in
            guard let self else { return false }
            let (end, page) = scroller.verticalExtent
            if scroller.verticalPosition >= end {
                let frames = self.frames ?? []
                self.frames = nil
                self.write("frames " + frames.map { String(format: "%.3f", $0) }.joined(separator: " "))
                return false
            }
            scroller.verticalPosition = min(end, scroller.verticalPosition + page)
            return true
        }
    }
}
