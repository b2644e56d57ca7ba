/// The demo's London buses (data/tfl/london.json): stop areas with their lettered stops, lone
/// stops, and how often each route runs.
struct DemoLondon: Decodable, Sendable {
    struct Stop: Decodable, Sendable {
        var id: String
        var name: String
        var letter: String
        var lat: Double
        var lon: Double
        /// The direction on the stop's flag.
        var towards: String
        /// Route → where buses from this stop are going.
        var lines: [String: String]
    }

    struct Area: Decodable, Sendable {
        var id: String
        var name: String
        var lat: Double
        var lon: Double
        var stops: [Stop]
    }

    var areas: [Area]
    var stops: [Stop]
    /// Route → minutes between buses.
    var headways: [String: Int]

    /// Every lettered stop, in areas and alone.
    var allStops: [Stop] { areas.flatMap(\.stops) + stops }
}
