import Foundation
import TripCore

/// Busbud's `x-departures` and `poll`, simulated over the demo network.
///
/// Timetables are fixed per route; which coaches run, their seats and fares depend on the date, so
/// the same search always gets the same answer. Answers come in 2–4 pages, in no particular order;
/// `index` says where the next page starts, as with the real service. Coaches that have already
/// left today are not offered.
///
/// Seats: each coach has 1 to 55 seats left, fixed by its route, day, operator and time, and the
/// same whatever the party size, as Busbud's `available_seats` is the coach's own count and the
/// search's travellers do not filter it. Tripboard leaves out a coach with fewer seats than
/// travellers (`SearchGathering`), so a larger party sees fewer coaches, as on the live service.
struct DeparturesSimulator {
    var network: DemoNetwork
    var now: Date

    /// Fixed rates from US dollars, so answers are reproducible.
    /// The most of each kind of traveller one search may ask for.
    static let maxTravellers = 1_000
    static let rates: [String: Decimal] = ["USD": 1, "CAD": Decimal(string: "1.36")!, "EUR": Decimal(string: "0.92")!]

    func respond(to request: HTTPRequest, poll: Bool) -> HTTPResponse {
        guard request.headers.first(where: { $0.key.lowercased() == "accept" })?.value
            .contains("application/vnd.busbud+json") == true
        else {
            return .json(status: 400, ["error": "send Accept: \(BusbudClient.accept)"])
        }
        guard let parts = request.url.decodedPathSegments, parts.count >= 4, let date = LocalDate(parts[3]) else {
            return .json(status: 400, ["error": "expected /x-departures/{origin}/{destination}/{YYYY-MM-DD}"])
        }
        let parameters = Dictionary(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
            .map { ($0.name, $0.value ?? "") } ?? [], uniquingKeysWith: { _, last in last })
        let travellers = (adults: Int(parameters["adult"] ?? "1") ?? -1,
                          children: Int(parameters["child"] ?? "0") ?? -1,
                          seniors: Int(parameters["senior"] ?? "0") ?? -1)
        // Each count is bounded before they are summed: a hostile request must not overflow.
        let counts = [travellers.adults, travellers.children, travellers.seniors]
        guard counts.allSatisfy({ (0...Self.maxTravellers).contains($0) }), counts.reduce(0, +) > 0 else {
            return .json(status: 400, ["error": "adult, child and senior must be counts from 0 to \(Self.maxTravellers), "
                + "at least one traveller in all"])
        }
        let currency = (parameters["currency"] ?? "USD").uppercased()
        guard let rate = Self.rates[currency] else {
            return .json(status: 400, ["error": "unsupported currency \(currency); use USD, CAD or EUR"])
        }
        let index = Int(parameters["index"] ?? "0") ?? 0

        guard let origin = network.cities.first(where: { $0.geohash == parts[1] }),
              let destination = network.cities.first(where: { $0.geohash == parts[2] }),
              origin.geohash != destination.geohash,
              let route = network.routes.first(where: { Set($0.between) == [origin.geohash, destination.geohash] })
        else {
            return page(first: !poll, cities: [], departures: [], operators: [], complete: true, validRoute: false,
                        originID: nil, destinationID: nil)
        }

        let all = departures(route: route, from: origin, to: destination, on: date, travellers: travellers,
                             currency: currency, rate: rate)
        let pageCount = 2 + StableHash.mix(Self.seed("\(origin.geohash)\(destination.geohash)\(date)")) % 3
        let pageSize = max(1, (all.count + pageCount - 1) / pageCount)
        let start = min(max(0, index), all.count)
        let slice = Array(all[start..<min(all.count, start + pageSize)])
        let operatorIDs = Set(slice.compactMap { $0["operator_id"] as? String })
        return page(first: !poll, cities: [origin, destination], departures: slice,
                    operators: network.operators.filter { operatorIDs.contains($0.id) },
                    complete: start + pageSize >= all.count, validRoute: true,
                    originID: origin.id, destinationID: destination.id)
    }

    private func departures(route: DemoNetwork.Route, from origin: DemoNetwork.City, to destination: DemoNetwork.City,
                            on date: LocalDate, travellers: (adults: Int, children: Int, seniors: Int),
                            currency: String, rate: Decimal) -> [[String: Any]] {
        let forward = route.between.first == origin.geohash
        let originZone = TimeZone(identifier: origin.timezone)!
        let destinationZone = TimeZone(identifier: destination.timezone)!
        let weekday = Self.isoWeekday(date)
        let stops = forward ? route.stops : route.stops.reversed()
        var result: [(order: Int, json: [String: Any])] = []
        for service in route.services where service.days?.contains(weekday) ?? true {
            let fromStation = origin.locations[min((forward ? service.from : service.to) ?? 0, origin.locations.count - 1)]
            let toStation = destination.locations[min((forward ? service.to : service.from) ?? 0, destination.locations.count - 1)]
            let amenities = network.operators.first { $0.id == service.operator }?.amenities ?? []
            for time in service.times {
                guard let local = LocalDateTime("\(date)T\(time):00") else { continue }
                let leaves = local.instant(in: originZone)
                if LocalDate(now, in: originZone) == date, leaves < now { continue }
                let arrives = leaves.addingTimeInterval(TimeInterval(service.minutes * 60))
                let seed = Self.seed("\(origin.geohash)>\(destination.geohash)|\(date)|\(service.operator)|\(time)")
                let fares = Self.fares(service.fare, seed: seed, weekday: weekday, travellers: travellers, rate: rate)
                let total = fares.values.reduce(0, +)
                let base = total * 85 / 100
                let fees = total * 3 / 100
                var tripStops: [[String: Any]] = [[
                    "name": fromStation.name, "location_id": fromStation.id,
                    "arrival_time": NSNull(), "departure_time": local.description,
                ]]
                for (number, name) in stops.enumerated() {
                    let at = leaves.addingTimeInterval(TimeInterval(service.minutes * 60 * (number + 1) / (stops.count + 1)))
                    let clock = LocalDateTime(at, in: originZone).description
                    tripStops.append(["name": name, "arrival_time": clock, "departure_time": clock])
                }
                tripStops.append([
                    "name": toStation.name, "location_id": toStation.id,
                    "arrival_time": LocalDateTime(arrives, in: destinationZone).description, "departure_time": NSNull(),
                ])
                var amenityFlags: [String: Any] = ["display_name": "Standard"]
                for flag in Amenities.known.map(\.flag) { amenityFlags[flag] = amenities.contains(flag) }
                let json: [String: Any] = [
                    "id": StableHash.hex(UInt64(seed)),
                    "operator_id": service.operator,
                    "origin_location_id": fromStation.id,
                    "destination_location_id": toStation.id,
                    "departure_time": local.description,
                    "arrival_time": LocalDateTime(arrives, in: destinationZone).description,
                    "departure_timezone": origin.timezone,
                    "arrival_timezone": destination.timezone,
                    "duration": service.minutes,
                    "available_seats": Self.seatsLeft(seed: seed),
                    "class_name": "Standard",
                    "amenities": amenityFlags,
                    "prices": [
                        "total": total, "currency": currency, "categories": fares,
                        "breakdown": ["base": base, "fees": fees, "taxes": total - base - fees, "discount": 0],
                    ] as [String: Any],
                    "trip_stops": tripStops,
                    "vehicle_type": "bus",
                    "ticket_types": ["eticket"],
                ]
                result.append((StableHash.mix(seed), json))
            }
        }
        return result.sorted { $0.order < $1.order }.map(\.json)
    }

    /// Seats left on one coach, 1 to 55: a coach's seed gives its count, whoever asks.
    static func seatsLeft(seed: Int) -> Int {
        1 + seed % 55
    }

    /// Cents per traveller type: weekend and Friday fares differ, and each coach varies a little.
    static func fares(_ adultFare: Int, seed: Int, weekday: Int, travellers: (adults: Int, children: Int, seniors: Int),
                      rate: Decimal) -> [String: Int] {
        let day: Decimal = weekday == 5 || weekday == 7 ? Decimal(string: "1.15")! : weekday == 6 ? Decimal(string: "0.95")! : 1
        let variation = Decimal(90 + seed % 30) / 100
        func cents(_ share: Decimal, _ count: Int) -> Int {
            var value = Decimal(adultFare) * day * variation * share * rate * Decimal(count)
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 0, .plain)
            return NSDecimalNumber(decimal: rounded).intValue
        }
        var fares: [String: Int] = [:]
        if travellers.adults > 0 { fares["adult"] = cents(1, travellers.adults) }
        if travellers.children > 0 { fares["child"] = cents(Decimal(string: "0.75")!, travellers.children) }
        if travellers.seniors > 0 { fares["senior"] = cents(Decimal(string: "0.9")!, travellers.seniors) }
        return fares
    }

    private func page(first: Bool, cities: [DemoNetwork.City], departures: [[String: Any]],
                      operators: [DemoNetwork.Operator], complete: Bool, validRoute: Bool,
                      originID: String?, destinationID: String?) -> HTTPResponse {
        var body: [String: Any] = [
            "departures": departures,
            "operators": operators.map { item -> [String: Any] in
                var amenities: [String: Any] = ["display_name": "Standard"]
                for flag in Amenities.known.map(\.flag) { amenities[flag] = item.amenities.contains(flag) }
                return ["id": item.id, "name": item.name, "display_name": item.displayName,
                        "sellable": true, "amenities": ["classes": ["Standard": amenities]]]
            },
            "complete": complete,
            "ttl": 900,
        ]
        if first {
            body["origin_city_id"] = originID ?? NSNull()
            body["destination_city_id"] = destinationID ?? NSNull()
            body["is_valid_route"] = validRoute
            body["cities"] = cities.map { city -> [String: Any] in
                ["id": city.id, "name": city.name, "geohash": city.geohash, "timezone": city.timezone,
                 "full_name": city.fullName, "lat": city.lat, "lon": city.lon, "country_code2": city.countryCode2]
            }
            body["locations"] = cities.flatMap { city in
                city.locations.map { station -> [String: Any] in
                    ["id": station.id, "city_id": city.id, "name": station.name, "address": station.address,
                     "type": "transit_station", "lat": station.lat, "lon": station.lon]
                }
            }
        }
        guard let data = DemoJSON.data(body) else {
            return .json(status: 500, ["error": "could not encode the departures"])
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
    }

    /// A stable non-negative number from a text, so per-coach variations repeat exactly.
    static func seed(_ text: String) -> Int {
        Int(StableHash.fnv1a(text) >> 2)
    }

    /// 1 for Monday through 7 for Sunday.
    static func isoWeekday(_ date: LocalDate) -> Int {
        let weekday = Calendar.gregorian(in: .gmt).component(.weekday, from: LocalDateTime(date: date, hour: 12, minute: 0).instant(in: .gmt))
        return (weekday + 5) % 7 + 1
    }
}
