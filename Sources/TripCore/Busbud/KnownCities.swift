/// The cities the search form offers, with Busbud's geohashes and their time zones.
public enum KnownCities {
    public static let all: [City] = [
        City(id: "boston", name: "Boston", geohash: "drt2yz", timezone: "America/New_York", fullName: "Boston, MA, United States"),
        City(id: "montreal", name: "Montréal", geohash: "f25dvk", timezone: "America/Toronto", fullName: "Montréal, QC, Canada"),
        City(id: "new-york", name: "New York", geohash: "dr5reg", timezone: "America/New_York", fullName: "New York, NY, United States"),
        City(id: "quebec", name: "Québec City", geohash: "f2m673", timezone: "America/Toronto", fullName: "Québec City, QC, Canada"),
        City(id: "toronto", name: "Toronto", geohash: "dpz88g", timezone: "America/Toronto", fullName: "Toronto, ON, Canada"),
    ]

    public static func named(geohash: String) -> City? {
        all.first { $0.geohash == geohash }
    }
}
