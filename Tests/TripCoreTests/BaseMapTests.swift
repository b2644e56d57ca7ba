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
