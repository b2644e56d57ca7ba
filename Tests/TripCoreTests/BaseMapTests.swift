import Testing
import TripCore
import TripWords

/// The base maps the transit services declare, and the setting that puts tiles over them.
struct BaseMapTests {
    /// Every transit service with a city of its own draws that city: its river runs through the
    /// area round its default place, and its landmarks are in that area, not across the world.
    @Test func eachServicesBaseMapIsInItsOwnCity() throws {
        let transit = ServiceRegistry.standard.transit
        #expect(transit.contains { $0.baseMap != nil })
        for provider in transit {
            guard let map = provider.baseMap else { continue }
            let home = try #require(provider.defaultPlace, "\(provider.title) draws a city, so it has one").coordinate
            #expect(!map.rivers.isEmpty && !map.landmarks.isEmpty)
            for river in map.rivers {
                #expect(river.course.count >= 10 && river.width > 0, "\(river.name)")
                #expect(river.course.allSatisfy { $0.isValid })
                #expect(river.course.map { $0.distance(to: home) }.min()! < 2_000, "\(river.name) passes near \(home)")
            }
            for landmark in map.landmarks {
                #expect(landmark.coordinate.distance(to: home) < 6_000, "\(landmark.name) is in \(provider.title)'s city")
            }
        }
    }

    /// A river is drawn only where one of its stretches, widened by half the width it is drawn,
    /// comes into the view: not in the corner of its bend, nor round Oxford Circus for the Thames,
    /// yet at Westminster Bridge, and once drawn wide enough to reach the view.
    @Test func aRiverReachesOnlyAViewNearOneOfItsStretches() throws {
        let bend = River(name: "Bend", width: 100, course: [(51.50, -0.20), (51.50, -0.10), (51.55, -0.10)])
        let insideTheBend = try GeoBox(south: 51.53, west: -0.19, north: 51.54, east: -0.17)
        #expect(!bend.reaches(insideTheBend, drawnWidth: 100), "in the box round the whole course, away from each stretch")
        #expect(bend.reaches(try GeoBox(south: 51.495, west: -0.16, north: 51.505, east: -0.15), drawnWidth: 100))
        let justNorth = try GeoBox(south: 51.5010, west: -0.16, north: 51.51, east: -0.15)  // 111 m north of it
        #expect(!bend.reaches(justNorth, drawnWidth: 100), "50 m either side of its middle")
        #expect(bend.reaches(justNorth, drawnWidth: 300), "150 m either side: it shows along the view's edge")
        // East of its north-south stretch along -0.10: 0.001° of longitude is 69 m at 51.5° N.
        let justEast = try GeoBox(south: 51.52, west: -0.099, north: 51.53, east: -0.09)
        #expect(!bend.reaches(justEast, drawnWidth: 100), "50 m either side: short of 69 m")
        #expect(bend.reaches(justEast, drawnWidth: 160), "80 m either side: past it")
        #expect(River(name: "Spring", width: 10, course: [(51.5, -0.1)]).reaches(try GeoBox(south: 51.49, west: -0.11, north: 51.51, east: -0.09),
                                                                               drawnWidth: 10))

        let thames = try #require(ServiceRegistry.standard.transit.compactMap(\.baseMap).flatMap(\.rivers).first { $0.name == "River Thames" })
        let oxfordCircus = try GeoBox(south: 51.5124, west: -0.1484, north: 51.5182, east: -0.1354)  // 950 × 428 px at zoom 16
        #expect(!thames.reaches(oxfordCircus, drawnWidth: 160 * 1.49))
        let westminsterBridge = try GeoBox(south: 51.4980, west: -0.1290, north: 51.5030, east: -0.1180)
        #expect(thames.reaches(westminsterBridge, drawnWidth: 160 * 1.49))
    }

    @Test func tilesAreOffUntilTurnedOnAndNeedAnAddressWithTheirPlaces() {
        #expect(Settings().mapTileTemplate == nil, "the default draws only the base map: nothing is downloaded")
        #expect(Settings(saved: [.mapTiles: "tiles"]).mapTileTemplate == MapTiles.openStreetMap)
        let own = "http://127.0.0.1:8080/{z}/{x}/{y}.png"
        #expect(Settings(saved: [.mapTiles: "tiles", .mapTileURL: own]).mapTileTemplate == own)
        #expect(Settings(saved: [.mapTileURL: own]).mapTileTemplate == nil, "an address alone does not turn tiles on")
        #expect(Settings(environment: ["TRIPBOARD_MAP_TILES": "tiles"]).mapTileTemplate == MapTiles.openStreetMap)

        #expect(Settings.problem(.mapTileURL, own) == nil)
        #expect(Settings.problem(.mapTileURL, "https://tiles.example/{z}/{x}/{tmsy}.png") == nil)
        #expect(Settings.problem(.mapTileURL, "https://tiles.example/{z}/{x}.png") == .tileWithoutPlaces)
        #expect(Settings.problem(.mapTileURL, "ftp://tiles.example/{z}/{x}/{y}.png") == .notAWebAddress("ftp://tiles.example/{z}/{x}/{y}.png"))
        #expect(Settings.problem(.mapTiles, "satellite") == .notOneOf(["local", "tiles"]))
        #expect(SettingProblem.Reason.tileWithoutPlaces.sentence(for: .mapTileURL)
            == "The tile address needs {x}, {y} and {z} where each tile's place goes.")
    }
}
