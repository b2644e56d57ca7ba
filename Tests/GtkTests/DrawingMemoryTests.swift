import CGtk
import Foundation
import Testing
@testable import Gtk

/// The memory a window's frames share with the X server is given back once the window rests,
/// and only then.
@Suite(.serialized)
@MainActor
struct DrawingMemoryTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// KiB resident in this process's System V shared memory: the pools cairo passes frames through.
    private func sharedKiB() -> Int {
        // Read to its end: `String(contentsOfFile:)` reads a file of /proc only as far as its first read.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return -1 }
        let smaps = String(decoding: data, as: UTF8.self)
        var inShared = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                inShared = line.contains("/SYSV")
            } else if inShared, fields.first == "Rss:", fields.count > 1, let kib = Int(fields[1]) {
                total += kib
            }
        }
        return total
    }

    /// A large window, shown, with a label at its top and another at its bottom; and its frames
    /// counted.
    private func shownWindow() async throws -> (window: PlainWindow, labels: [Label], frames: () -> Int) {
        let window = PlainWindow()
        window.setDefaultSize(width: 900, height: 700)
        let labels = [Label("Marrakech from £184.96"), Label("Lisbon from €99.99")]
        labels[0].vexpand = true
        labels[0].valign = .start
        labels[1].valign = .end
        window.setChild(Box(.vertical, spacing: 0, labels))
        window.present()
        var painted = 0
        let clock = Object(borrowed: UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window.widget)!))
        _ = clock.on("after-paint") { painted += 1 }
        try await runMainLoop("the first frame is drawn") { painted > 0 }
        return (window, labels, { painted })
    }

    /// Changes the labels until a frame leaves shared memory resident: cairo passes a frame's
    /// pixels to the X server through an image in memory shared with it, and keeps the image's
    /// pool when it is released while the server may still be reading it.
    private func redrawUntilShared(_ labels: [Label], frames: () -> Int) async throws {
        for turn in 1...20 where sharedKiB() == 0 {
            let drawn = frames()
            labels[0].text = "Marrakech from £\(turn)84.96"
            labels[1].text = "Lisbon from €\(turn)9.99"
            try await runMainLoop("the window draws its labels' new text") { frames() > drawn }
        }
        #expect(sharedKiB() > 0, "a frame leaves shared memory resident")
    }

    @Test func givesBackThePoolsOfFramesTheServerHasRead() async throws {
        let (window, labels, frames) = try await shownWindow()
        defer { window.destroy() }
        try await redrawUntilShared(labels, frames: frames)
        let before = sharedKiB()
        DrawingMemory.giveBack()
        #expect(sharedKiB() == 0, "was \(before) KiB")

        labels[0].text = "Porto from €49.99"
        let drawn = frames()
        try await runMainLoop("the window draws again after") { frames() > drawn }
    }

    @Test func givesThemBackOnceTheWindowHasRestedAfterItsLastFrame() async throws {
        let (window, labels, frames) = try await shownWindow()
        defer { window.destroy() }
        let memory = DrawingMemory(window: window, idleTime: .seconds(2))
        try await redrawUntilShared(labels, frames: frames)
        let givenBack = DrawingMemory.givenBack

        // A frame at every frame-clock tick for 30 frames: 2 s never passes between two of them.
        var ticks = 0
        window.addTickCallback {
            ticks += 1
            labels[0].text = "Seville from €\(ticks)9.99"
            labels[1].text = "Porto from €\(ticks)9.99"
            return ticks < 30
        }
        try await runMainLoop("30 frames drawn") { ticks >= 30 }
        #expect(DrawingMemory.givenBack == givenBack, "nothing given back while the window draws")
        try await runMainLoop("given back once the window rests") { DrawingMemory.givenBack > givenBack }
        #expect(DrawingMemory.givenBack == givenBack + 1)
        withExtendedLifetime(memory) {}
    }
}
