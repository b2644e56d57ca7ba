import Observation
import TripCore
import TripWords

/// The map's "Locate me": asks the `Locator` for where this device is, only when pressed, and
/// says where the map should go, or why it cannot.
///
/// A press while asking does nothing. The asking has a time limit on the injected clock
/// (`timeLimit`): a fix may never come offline, so when the limit passes the asking is cancelled
/// and that is said. After a failure, pressing again asks again.
@MainActor
@Observable
public final class LocateViewModel {
    /// Where locating stands.
    public enum State: Sendable, Equatable {
        /// Not asked yet.
        case idle
        /// Asking: the map shows a spinner, and the button takes no press.
        case locating
        /// The last press found this position; the map went there (`destination`).
        case found(DevicePosition)
        /// The last press found nothing: `message` says why.
        case failed(LocateFailure)
    }

    /// Where the map goes after a fix. Numbered, so the view moves the map once per fix and
    /// not again each time it draws.
    public struct Destination: Sendable, Equatable {
        /// Counts fixes from 1.
        public var number: Int
        public var centre: Coordinate
        /// A zoom where stops show (`MapViewModel.openingZoom`).
        public var zoom: Double
    }

    /// How long the asking may take before it is cancelled and said to have timed out.
    public static let timeLimit: Duration = .seconds(15)

    public private(set) var state: State = .idle
    /// Where the map should go, for the latest fix; nil before the first.
    public private(set) var destination: Destination?

    @ObservationIgnored private let locator: any Locator
    @ObservationIgnored private let clock: any Clock<Duration>
    /// Which press the tasks under way answer; an answer for an earlier press is dropped.
    @ObservationIgnored private var press = 0
    @ObservationIgnored private var asking: Task<Void, Never>?
    @ObservationIgnored private var limit: Task<Void, Never>?

    public init(locator: any Locator, clock: any Clock<Duration>) {
        self.locator = locator
        self.clock = clock
    }

    /// Whether the locator is being asked: the spinner shows and the button is insensitive.
    public var isLocating: Bool { state == .locating }

    /// Why the last press found nothing, in plain words; nil otherwise.
    public var message: String? {
        if case .failed(let failure) = state { failure.sentence } else { nil }
    }

    /// "Locate me" pressed: asks for a position, unless already asking.
    public func locate() {
        guard !isLocating else { return }
        press += 1
        let press = press
        state = .locating
        asking = Task { [weak self, locator] in
            let outcome: Result<DevicePosition, LocateFailure>
            do throws(LocateFailure) {
                outcome = .success(try await locator.locate())
            } catch {
                outcome = .failure(error)
            }
            self?.finish(press, outcome)
        }
        limit = Task { [weak self, clock] in
            do { try await clock.sleep(for: Self.timeLimit) } catch { return }
            self?.finish(press, .failure(.timedOut(seconds: Int(Self.timeLimit.components.seconds))))
        }
    }

    /// Stops asking (the map has gone); nothing is said.
    public func cancel() {
        guard isLocating else { return }
        press += 1
        stopTasks()
        state = .idle
    }

    /// The first answer to press `press`, from the locator or the time limit, shown; the other
    /// is cancelled. Later answers, and answers to earlier presses, are dropped.
    private func finish(_ press: Int, _ outcome: Result<DevicePosition, LocateFailure>) {
        guard press == self.press, isLocating else { return }
        stopTasks()
        switch outcome {
        case .success(let position):
            destination = Destination(number: (destination?.number ?? 0) + 1, centre: position.coordinate,
                                      zoom: MapViewModel.openingZoom)
            state = .found(position)
        case .failure(let failure):
            state = .failed(failure)
        }
    }

    private func stopTasks() {
        asking?.cancel()
        limit?.cancel()
        asking = nil
        limit = nil
    }
}
