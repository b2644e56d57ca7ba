import Testing
import TripCore
@testable import TripViewModels
import TestSupport

/// A location service answering on cue: each `locate()` waits until the test answers it with
/// `answer`, or until its task is cancelled (then it throws `.cancelled`, as the real one does,
/// unless made `deaf` to cancelling, to answer late).
@MainActor
final class ScriptedLocator: Locator {
    private let deaf: Bool
    private(set) var calls = 0
    private(set) var cancellations = 0
    private var waiting: [CheckedContinuation<Result<DevicePosition, LocateFailure>, Never>] = []

    init(deaf: Bool = false) {
        self.deaf = deaf
    }

    var isWaiting: Bool { !waiting.isEmpty }

    func locate() async throws(LocateFailure) -> DevicePosition {
        calls += 1
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { waiting.append($0) }
        } onCancel: {
            Task { @MainActor in self.cancelAll() }
        }
        return try result.get()
    }

    /// Answers the oldest call waiting.
    func answer(_ result: Result<DevicePosition, LocateFailure>) {
        waiting.removeFirst().resume(returning: result)
    }

    private func cancelAll() {
        cancellations += waiting.count
        guard !deaf else { return }
        for call in waiting { call.resume(returning: .failure(.cancelled)) }
        waiting = []
    }
}

@MainActor
struct LocateViewModelTests {
    let clock = SteppedClock()
    let locator = ScriptedLocator()
    let kingsCross = DevicePosition(coordinate: Coordinate(latitude: 51.5308, longitude: -0.1238), accuracy: 25)

    /// Nothing is asked until "Locate me" is pressed; a fix then says where the map goes, at a
    /// zoom where stops show, and the spinner stops.
    @Test func aFixSaysWhereTheMapGoes() async {
        let model = LocateViewModel(locator: locator, clock: clock)
        await drain()
        #expect(locator.calls == 0 && model.state == .idle && model.destination == nil)
        model.locate()
        #expect(model.isLocating)
        await settle { locator.isWaiting }
        locator.answer(.success(kingsCross))
        await settle { !model.isLocating }
        #expect(model.state == .found(kingsCross))
        #expect(model.destination == .init(number: 1, centre: kingsCross.coordinate, zoom: MapViewModel.openingZoom))
        #expect(model.destination!.zoom >= MapViewModel.minimumStopZoom)
        #expect(model.message == nil)
        #expect(clock.sleeping == 0, "the time limit is gone with the asking")
    }

    /// A refusal and a missing service are said in plain words, and nothing moves the map.
    @Test(arguments: [
        (LocateFailure.refused(reason: "'io.github.tripboard.Tripboard' disallowed by configuration for UID 1000"),
         "Location was refused: 'io.github.tripboard.Tripboard' disallowed by configuration for UID 1000."),
        (LocateFailure.refused(reason: nil), "Location was refused by the location service."),
        (LocateFailure.unavailable, "Your location is not available: no location service is running."),
    ])
    func aFailureIsSaid(failure: LocateFailure, words: String) async {
        let model = LocateViewModel(locator: locator, clock: clock)
        model.locate()
        await settle { locator.isWaiting }
        locator.answer(.failure(failure))
        await settle { !model.isLocating }
        #expect(model.state == .failed(failure))
        #expect(model.message == words)
        #expect(model.destination == nil)
    }

    /// No answer within the time limit: the asking is cancelled and the time limit is said;
    /// nothing is said a moment before it.
    @Test func theTimeLimitCancelsTheAskingAndIsSaid() async {
        let model = LocateViewModel(locator: locator, clock: clock)
        model.locate()
        await settle { locator.isWaiting && clock.sleeping == 1 }
        await clock.advance(by: LocateViewModel.timeLimit - .milliseconds(1))
        #expect(model.isLocating && locator.cancellations == 0)
        await clock.advance(by: .milliseconds(1))
        #expect(model.state == .failed(.timedOut(seconds: 15)))
        #expect(model.message == "No position came within 15 seconds.")
        await settle { locator.cancellations == 1 }
        #expect(!locator.isWaiting)
    }

    /// A press while asking does nothing: one call, one time limit.
    @Test func aSecondPressWhileAskingDoesNothing() async {
        let model = LocateViewModel(locator: locator, clock: clock)
        model.locate()
        await settle { locator.isWaiting && clock.sleeping == 1 }
        model.locate()
        model.locate()
        await drain()
        #expect(locator.calls == 1)
        #expect(clock.sleeping == 1)
        locator.answer(.success(kingsCross))
        await settle { !model.isLocating }
        #expect(model.destination?.number == 1)
    }

    /// After a failure, pressing again asks again, and its fix is the next destination; a second
    /// fix is numbered anew so the map moves again.
    @Test func pressingAgainAfterAFailureRetries() async {
        let model = LocateViewModel(locator: locator, clock: clock)
        model.locate()
        await settle { locator.isWaiting }
        locator.answer(.failure(.unavailable))
        await settle { !model.isLocating }
        model.locate()
        #expect(model.isLocating && model.message == nil, "the spinner replaces the words")
        await settle { locator.calls == 2 && locator.isWaiting }
        locator.answer(.success(kingsCross))
        await settle { !model.isLocating }
        #expect(model.state == .found(kingsCross) && model.destination?.number == 1)
        model.locate()
        await settle { locator.calls == 3 && locator.isWaiting }
        locator.answer(.success(kingsCross))
        await settle { !model.isLocating }
        #expect(model.destination?.number == 2)
    }

    /// An answer that comes after the time limit was said is dropped: the words stay, the map
    /// does not move.
    @Test func anAnswerAfterTheTimeLimitIsDropped() async {
        let locator = ScriptedLocator(deaf: true)
        let model = LocateViewModel(locator: locator, clock: clock)
        model.locate()
        await settle { locator.isWaiting && clock.sleeping == 1 }
        await clock.advance(by: LocateViewModel.timeLimit)
        await settle { locator.cancellations == 1 }
        locator.answer(.success(kingsCross))
        await drain()
        #expect(model.state == .failed(.timedOut(seconds: 15)))
        #expect(model.destination == nil)
    }

    /// Leaving the map stops the asking without a word.
    @Test func cancellingStopsTheAskingSilently() async {
        let model = LocateViewModel(locator: locator, clock: clock)
        model.locate()
        await settle { locator.isWaiting }
        model.cancel()
        #expect(model.state == .idle && model.message == nil)
        await settle { locator.cancellations == 1 }
        await drain()
        #expect(model.state == .idle && clock.sleeping == 0)
    }
}
