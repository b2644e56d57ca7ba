import Foundation
import Synchronization
import Testing
@testable import TripCore
import TripWords

struct GeoBoxTests {
    /// Around Oxford Circus: 0.006° of latitude by 0.008° of longitude.
    let box = try! GeoBox(south: 51.512, west: -0.146, north: 51.518, east: -0.138)

    /// The centre is halfway between the edges.
    @Test func centreIsTheMiddle() {
        #expect(abs(box.centre.latitude - 51.515) < 1e-9)
        #expect(abs(box.centre.longitude - -0.142) < 1e-9)
    }

    /// The radius reaches the farthest corner: half the diagonal, by haversine (about 434 m here:
    /// 333.6 m north–south by 276.8 m east–west each way at 51.5°).
    @Test func radiusReachesTheCorners() {
        #expect(abs(box.radius - 433.5) < 1, "\(box.radius)")
        for corner in box.corners { #expect(box.centre.distance(to: corner) <= box.radius) }
        let point = try! GeoBox(south: 10, west: 20, north: 10, east: 20)
        #expect(point.radius == 0)
    }

    /// Inside and on the edges is contained; a hair outside any edge is not.
    @Test func containsItsInsideAndEdgesOnly() {
        #expect(box.contains(box.centre))
        #expect(box.contains(Coordinate(latitude: 51.512, longitude: -0.138)))
        for outside in [(51.5119, -0.14), (51.5181, -0.14), (51.515, -0.1461), (51.515, -0.1379)] {
            #expect(!box.contains(Coordinate(latitude: outside.0, longitude: outside.1)), "\(outside)")
        }
    }

    /// "S,W,N,E" is read with spaces allowed and a minus anywhere.
    @Test func parsesFourNumbers() throws {
        let parsed = try GeoBox(parsing: " 51.512, -0.146 ,51.518,-0.138")
        #expect(parsed == box)
        #expect(try GeoBox(parsing: "-37.82,144.96,-37.81,144.97").south == -37.82)
    }

    /// Each kind of bad input is refused with its own reason.
    @Test(arguments: [
        ("51.5,-0.1,51.6", GeoBox.Refusal.wrongCount(3)),
        ("51.5,-0.1,51.6,-0.1,0", .wrongCount(5)),
        ("", .wrongCount(1)),
        ("51.5,,51.6,-0.1", .notANumber("")),
        ("51.5,west,51.6,-0.1", .notANumber("west")),
        ("nan,-0.1,51.6,0", .notANumber("nan")),
        ("51.5,-0.1,inf,0", .notANumber("inf")),
        ("-91,0,0,1", .outOfRange),
        ("0,0,1,180.5", .outOfRange),
        ("51.6,-0.1,51.5,0", .southAboveNorth),
        ("-10,170,10,-170", .crossesAntimeridian),
    ])
    func refusesBadInput(text: String, refusal: GeoBox.Refusal) {
        #expect(throws: refusal) { try GeoBox(parsing: text) }
    }

    /// Each refusal says what is wrong in words, naming what was given.
    @Test func refusalsSayWhatIsWrong() {
        #expect(GeoBox.Refusal.wrongCount(3).sentence("1,2,3")
            == "“1,2,3” is not a box S,W,N,E: it has 3 values, not 4 (e.g. 51.50,-0.15,51.52,-0.12)")
        #expect(GeoBox.Refusal.southAboveNorth.sentence("2,0,1,1").hasSuffix("its south edge is north of its north edge"))
        #expect(GeoBox.Refusal.crossesAntimeridian.sentence("x").contains("180° meridian"))
    }
}

struct AreaStopsTests {
    let box = try! GeoBox(south: 51.512, west: -0.146, north: 51.518, east: -0.138)

    /// A box's stops are asked round its centre with the radius to its corners, kept when inside
    /// the box (the circle reaches beyond it), nearest the centre first.
    @Test func keepsTheStopsInsideNearestTheCentreFirst() async throws {
        let service = AreaClient(stops: [
            stop("far-inside", 51.5175, -0.1385), stop("near", 51.5151, -0.1421),
            stop("in-circle-not-box", 51.5185, -0.1420), stop("nowhere", nil, nil),
        ])
        let found = try await service.stops(in: box)
        #expect(found.map(\.stopID) == ["near", "far-inside"])
        #expect(service.asked.map(\.centre) == [box.centre])
        #expect(service.asked.map(\.radius) == [434])
        #expect(found.allSatisfy { $0.distance != nil })
    }

    /// The radius asked is held to what the service accepts, both ways.
    @Test func radiusIsHeldToWhatTheServiceAccepts() async throws {
        let service = AreaClient(stops: [])
        _ = try await service.stops(in: try GeoBox(south: 51.4, west: -0.3, north: 51.6, east: 0))
        _ = try await service.stops(in: try GeoBox(south: 51.5, west: -0.1, north: 51.5, east: -0.1))
        #expect(service.asked.map(\.radius) == [2000, 50])
    }

    /// Every service that finds stops nearby is asked; one failing is an answer of its own, in
    /// the services' order, and the others' stops are still there.
    @Test func eachServiceAnswersForItself() async {
        let buses = AreaClient(stops: [stop("bus", 51.515, -0.142)])
        let trams = AreaClient(stops: [], failure: .transport(.refused), provider: TramTrackerProvider())
        let answers = await box.ask([buses, trams])
        #expect(answers.map(\.provider.id) == [.tfl, .tramTracker])
        #expect(AreaAnswer.nearestFirst(answers).map(\.stopID) == ["bus"])
        #expect(throws: APIError.transport(.refused)) { try answers[1].outcome.get() }
    }

    func stop(_ id: String, _ lat: Double?, _ lon: Double?) -> TransitStop {
        TransitStop(provider: TfLProvider(), stopID: id, name: id,
                    coordinate: lat.flatMap { lat in lon.map { Coordinate(latitude: lat, longitude: $0) } })
    }
}

/// Stops within the radius asked of the point asked, as a service finds them; records each ask.
final class AreaClient: TransitClient {
    let stops: [TransitStop]
    let failure: APIError?
    let provider: any TransitProvider
    private let calls = Mutex<[(Coordinate, Int)]>([])

    init(stops: [TransitStop], failure: APIError? = nil, provider: any TransitProvider = TfLProvider()) {
        self.stops = stops
        self.failure = failure
        self.provider = provider
    }

    var asked: [(centre: Coordinate, radius: Int)] { calls.withLock { $0 } }

    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult { ArrivalsResult(arrivals: []) }
    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] { [] }
    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        calls.withLock { $0.append((point, radius)) }
        if let failure { throw failure }
        return stops.filter { $0.coordinate.map { point.distance(to: $0) <= Double(radius) } ?? true }
    }
}
