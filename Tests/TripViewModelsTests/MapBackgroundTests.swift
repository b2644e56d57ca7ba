import Foundation
import Testing
import TripCore
import TripViewModels

/// What every map draws under its own marks, and a coach trip's small map.
@MainActor
struct MapBackgroundTests {
    static let clients = PageClients(deals: GatedDealsService(), departures: ScriptedSearch(), stops: [])

    @Test func theBackgroundIsTheServicesBaseMapsWithTilesOnlyWhileSettingsSaySo() {
        let background = MapBackground(settings: Settings())
        #expect(background.baseMaps == [.london, .melbourne], "every transit service's, in the registry's order")
        #expect(background.tileTemplate == nil && background.tileCredit == nil)

        let on = Settings(saved: [.mapTiles: "tiles"])
        background.follow(on, services: Self.clients, changed: .mapTiles, clock: nil)
        #expect(background.tileTemplate == MapTiles.openStreetMap)
        #expect(background.tileCredit == "© OpenStreetMap contributors", "credited on the map whenever tiles show")

        let own = "http://127.0.0.1:9/{z}/{x}/{y}.png"
        background.follow(Settings(saved: [.mapTiles: "tiles", .mapTileURL: own]), services: Self.clients,
                          changed: .mapTileURL, clock: nil)
        #expect(background.tileTemplate == own)
        background.follow(Settings(saved: [.mapTileURL: own]), services: Self.clients, changed: .mapTiles, clock: nil)
        #expect(background.tileTemplate == nil && background.tileCredit == nil)
    }

    @Test func aTripsMapFramesBothStationsAndNeedsBothPlaced() throws {
        var item = departure("1", at: "07:00")
        #expect(TripRoute(item) == nil, "no map when the service did not place the stations")
        item.originPoint = Coordinate(latitude: 40.7570, longitude: -73.9903)      // New York
        #expect(TripRoute(item) == nil, "nor with only one")
        item.destinationPoint = Coordinate(latitude: 45.5168, longitude: -73.5637) // Montréal
        let route = try #require(TripRoute(item))
        #expect(route.origin.name == "Port Authority Bus Terminal" && route.destination.name == "Gare d'autocars de Montréal")
        #expect(abs(route.centre.longitude - -73.777) < 0.001)
        #expect(route.centre.latitude > 43.1 && route.centre.latitude < 43.2, "halfway on the map, a little north of halfway in degrees")

        // 530 km north–south in 900 × 260 pixels less 48 at each side: the height decides.
        let zoom = route.zoom(width: 900, height: 260)
        let worldPixels = 256 * pow(2, zoom)
        let (a, b) = (mercatorY(45.5168), mercatorY(40.7570))
        #expect(abs(worldPixels * abs(a - b) - (260 - 96)) < 0.5, "the stations span the height less the margins")
        #expect(route.zoom(width: 100, height: 100, range: 6...16) == 6, "never further out than allowed")

        // Two stations at one point: the closest zoom allowed, not a division by zero.
        item.destinationPoint = item.originPoint
        #expect(try #require(TripRoute(item)).zoom(width: 900, height: 260) == 16)
    }

    private func mercatorY(_ latitude: Double) -> Double {
        let phi = latitude * .pi / 180
        return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2
    }
}
