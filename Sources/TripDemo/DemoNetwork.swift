/// The demo's coach network (data/busbud/network.json): cities with their stations, operators,
/// and the timetables of the routes between them.
struct DemoNetwork: Decodable, Sendable {
    struct Station: Decodable, Sendable {
        var id: Int
        var name: String
        var address: [String]
        var lat: Double
        var lon: Double
    }

    struct City: Decodable, Sendable {
        var id: String
        var name: String
        var geohash: String
        var timezone: String
        var fullName: String
        var lat: Double
        var lon: Double
        var countryCode2: String
        var locations: [Station]
    }

    struct Operator: Decodable, Sendable {
        var id: String
        var name: String
        var displayName: String
        var amenities: [String]
    }

    /// Coaches of one operator on a route, run in both directions at the same local times.
    struct Service: Decodable, Sendable {
        var `operator`: String
        /// Local departure times, "HH:MM", in the departure city's zone.
        var times: [String]
        var minutes: Int
        /// Adult fare in US cents on an ordinary weekday.
        var fare: Int
        /// ISO weekdays it runs (1 is Monday); every day when absent.
        var days: [Int]?
        /// Which station of the route's first city it serves (index into `locations`); 0 when absent.
        var from: Int?
        /// Which station of the route's second city it serves; 0 when absent.
        var to: Int?
    }

    struct Route: Decodable, Sendable {
        var between: [String]
        /// Intermediate stops, in order from the first city to the second.
        var stops: [String]
        var services: [Service]
    }

    var cities: [City]
    var operators: [Operator]
    var routes: [Route]
}
