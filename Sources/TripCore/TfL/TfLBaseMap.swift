extension BaseMap {
    /// Central London: the Thames from Battersea to past Tower Bridge, and landmarks near the
    /// demo's stops. Tripboard's own coarse drawing, points taken at the bridges.
    public static let london = BaseMap(
        rivers: [River(name: "River Thames", width: 240, course: [
            (51.4808, -0.1860), (51.4820, -0.1737), (51.4826, -0.1664), (51.4840, -0.1580), (51.4852, -0.1500),
            (51.4862, -0.1400), (51.4874, -0.1300), (51.4884, -0.1266), (51.4915, -0.1244), (51.4946, -0.1232),
            (51.4985, -0.1225), (51.5008, -0.1217), (51.5040, -0.1200), (51.5066, -0.1187), (51.5087, -0.1163),
            (51.5098, -0.1110), (51.5100, -0.1040), (51.5092, -0.0965), (51.5084, -0.0920), (51.5078, -0.0877),
            (51.5066, -0.0800), (51.5055, -0.0754), (51.5049, -0.0690), (51.5038, -0.0600),
        ])],
        landmarks: KnownPlaces.london + [
            KnownPlace(name: "British Museum", coordinate: Coordinate(latitude: 51.5194, longitude: -0.1270)),
            KnownPlace(name: "St Paul's Cathedral", coordinate: Coordinate(latitude: 51.5138, longitude: -0.0984)),
            KnownPlace(name: "Houses of Parliament", coordinate: Coordinate(latitude: 51.4995, longitude: -0.1248)),
            KnownPlace(name: "Buckingham Palace", coordinate: Coordinate(latitude: 51.5014, longitude: -0.1419)),
            KnownPlace(name: "Hyde Park", coordinate: Coordinate(latitude: 51.5073, longitude: -0.1657)),
            KnownPlace(name: "Tower of London", coordinate: Coordinate(latitude: 51.5081, longitude: -0.0759)),
            KnownPlace(name: "London Eye", coordinate: Coordinate(latitude: 51.5033, longitude: -0.1196)),
        ])
}
