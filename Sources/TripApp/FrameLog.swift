import Foundation
import Gtk
import Shumate
import TripViewModels

/// Figures for `make bench`, written only when `TRIPBOARD_FRAME_LOG` names a file: when a finished
/// search's rows were first painted (wall-clock seconds, to compare with when the service sent its
/// last page), and after the first search how long each frame took while the results scroll from
/// top to bottom, one screenful a frame; and, once the map of stops shows its first pins, each
/// frame's interval and time while the map pans round `MapPan`'s path. The person's use of the
/// window is untouched until then.
@MainActor
final class FrameLog {
    private let output: FileHandle
    private var frames: [Double]?
    private var pan: MapPan?
    private var hasDescribedMap = false
    private var hasPanned = false
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
        meter = FrameMeter(widget: window) { [weak self] frame in self?.painted(frame) }
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

    /// Watches the map of stops, `map` showing `model`'s pins: once the map has told the model its
    /// area, writes the map's size, centre and zoom ("map WIDTH HEIGHT LATITUDE LONGITUDE ZOOM", so
    /// the bench can place its stops on screen); once the first pins have loaded, pans the map
    /// along `MapPan`'s path and then writes "pan PINS", "intervals …" and "work …" (milliseconds,
    /// one a measured frame).
    func watch(_ model: MapViewModel, panning map: MapView) {
        observe { [weak self, weak model, weak map] in
            guard let self, let model, let map, !hasPanned else { return }
            let (state, pins) = (model.state, model.pins.count)
            if !hasDescribedMap, state != .idle, map.width > 0 {
                hasDescribedMap = true
                write("map \(map.width) \(map.height) \(map.viewport.latitude) \(map.viewport.longitude) \(map.zoomLevel)")
            }
            if state == .loaded, pins > 0 {
                hasPanned = true
                startPanning(map, pins: pins)
            }
        }
    }

    private func startPanning(_ map: MapView, pins: Int) {
        let pan = MapPan(pins: pins)
        self.pan = pan
        map.addTickCallback { [weak self, weak map] in
            guard let self, let map, let pan = self.pan else { return false }
            guard let offset = pan.nextOffset() else { return false }
            let target = map.location(atX: Double(map.width) / 2 + offset.x, y: Double(map.height) / 2 + offset.y)
            map.center(latitude: target.latitude, longitude: target.longitude)
            return true
        }
    }

    private func painted(_ frame: FrameTiming) {
        if let pan {
            pan.painted(frame)
            if pan.isFinished {
                self.pan = nil
                write("pan \(pan.pins)")
                write("intervals " + pan.intervals.map { String(format: "%.3f", $0) }.joined(separator: " "))
                write("work " + pan.work.map { String(format: "%.3f", $0) }.joined(separator: " "))
            }
            return
        }
        let milliseconds = frame.work
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

/// The bench's pan of the map, the same as its C yardstick's (Benchmarks/map-window.c; change
/// both together): `still` frames with the pins drawn, then the centre moves `speed` pixels a
/// frame, turning a full circle every `period` frames (a loop about 150 pixels across, so most pins
/// stay on screen); the first `warmUp` moving frames are not measured, the next `measured` are.
@MainActor
private final class MapPan {
    static let still = 10, warmUp = 60, measured = 600, period = 120
    static let speed = 4.0

    let pins: Int
    private(set) var intervals: [Double] = []
    private(set) var work: [Double] = []
    /// Frames begun by the tick callback so far.
    private var frame = 0

    init(pins: Int) {
        self.pins = pins
    }

    var isFinished: Bool { work.count == Self.measured }

    /// How far to move the centre this frame, in pixels; (0, 0) while still; nil once done.
    func nextOffset() -> (x: Double, y: Double)? {
        guard frame < Self.still + Self.warmUp + Self.measured else { return nil }
        frame += 1
        let moving = frame - Self.still
        guard moving > 0 else { return (0, 0) }
        let angle = 2 * Double.pi * Double(moving) / Double(Self.period)
        return (Self.speed * cos(angle), Self.speed * sin(angle))
    }

    /// A frame drawn: measured when it is one of the `measured` frames after the warm-up.
    func painted(_ timing: FrameTiming) {
        guard frame > Self.still + Self.warmUp, !isFinished, let interval = timing.interval else { return }
        intervals.append(interval)
        work.append(timing.work)
    }
}
