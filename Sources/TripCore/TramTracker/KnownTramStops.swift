/// Melbourne tram stops Tripboard can find by name or number (TramTracker has no name search).
///
/// Route 78 along Church St, Richmond, in both directions (4055 north and 4155 south are the pair
/// outside the HomeTime office), and a few well-known city stops; each direction is its own stop
/// with its own number. Only 4055 and 4155 are numbers known from a real app; the others, and the
/// cross streets, follow the service's pattern but were not checked against the live service
/// (there is no network here): search by number works for any stop the live service knows.
public enum KnownTramStops {
    private static func stop(_ id: String, _ name: String, _ direction: String, _ lat: Double, _ lon: Double,
                             _ routes: [String]) -> TransitStop {
        TransitStop(provider: TramTrackerProvider(), stopID: id, name: name, letter: nil,
                    coordinate: Coordinate(latitude: lat, longitude: lon), lines: routes, direction: direction)
    }

    public static let all: [TransitStop] = [
        stop("4053", "Victoria St & Church St", "towards North Richmond", -37.81167, 144.99836, ["78"]),
        stop("4153", "Victoria St & Church St", "towards Balaclava", -37.81178, 144.99856, ["78"]),
        stop("4054", "Elizabeth St & Church St", "towards North Richmond", -37.81452, 144.99892, ["78"]),
        stop("4154", "Elizabeth St & Church St", "towards Balaclava", -37.81463, 144.99912, ["78"]),
        stop("4055", "Highett St & Church St", "towards North Richmond", -37.81725, 144.99948, ["78"]),
        stop("4155", "Highett St & Church St", "towards Balaclava", -37.81736, 144.99968, ["78"]),
        stop("4056", "Bridge Rd & Church St", "towards North Richmond", -37.81951, 144.99995, ["78"]),
        stop("4156", "Bridge Rd & Church St", "towards Balaclava", -37.81962, 145.00015, ["78"]),
        stop("4057", "Swan St & Church St", "towards North Richmond", -37.82563, 145.00108, ["70", "78"]),
        stop("4157", "Swan St & Church St", "towards Balaclava", -37.82574, 145.00128, ["70", "78"]),
        stop("1001", "Federation Square & Swanston St", "towards Melbourne University", -37.81738, 144.96725,
             ["1", "3", "5", "6", "16", "64", "67", "72"]),
        stop("1235", "Bourke Street Mall & Swanston St", "towards Melbourne University", -37.81357, 144.96586,
             ["1", "3", "5", "6", "16", "64", "67", "72"]),
        stop("1802", "Spencer St & Collins St", "towards Port Melbourne", -37.81880, 144.95430, ["11", "12", "48", "109"]),
    ]
}
