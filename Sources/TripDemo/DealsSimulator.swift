import Foundation
import TripCore

/// The holiday-deals search, simulated: prices follow the season of the check-in date, the length of
/// stay and the party size; hotel counts vary by date but are the same for the same search.
struct DealsSimulator {
    var destinations: [DemoDestination]

    /// Exchange rates from the catalogue's GBP, fixed so answers are reproducible.
    static let rates: [String: Decimal] = ["GBP": 1, "EUR": Decimal(string: "1.17")!, "USD": Decimal(string: "1.27")!]

    /// Price multipliers by check-in month, January first: cheap in winter, dear in August.
    static let season: [Decimal] = ["0.85", "0.85", "0.9", "1.0", "1.05", "1.2", "1.4", "1.45", "1.1", "1.0", "0.9", "1.15"]
        .map { Decimal(string: $0)! }

    func search(body: Data) -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return .json(status: 400, ["error": "the body must be a JSON object"])
        }
        guard let checkInText = object["CheckInDate"] as? String,
              let checkIn = (try? Date(checkInText, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
                  ?? (try? Date(checkInText, strategy: .iso8601))
        else {
            return .json(status: 400, ["error": "CheckInDate must be an ISO 8601 date"])
        }
        let currency = (object["CurrencyCode"] as? String ?? "GBP").uppercased()
        guard let rate = Self.rates[currency] else {
            return .json(status: 400, ["error": "unsupported CurrencyCode \(currency)"])
        }
        let nights = max(1, object["Duration"] as? Int ?? 7)
        let adults = max(1, object["Adults"] as? Int ?? 2)

        let month = Calendar.gregorian(in: .gmt).component(.month, from: checkIn)
        let dayNumber = Int(checkIn.timeIntervalSince1970 / 86_400)
        let factor = Self.season[month - 1] * Decimal(nights) / 7 * Decimal(adults) / 2 * rate

        var answer: [String: WireDestination] = [:]
        for destination in destinations {
            // A per-date, per-destination variation in [0.85, 1.15): steady for a search, different each day.
            let variation = Decimal(85 + StableHash.mix(dayNumber &* 7_919 &+ destination.id) % 30) / 100
            var price = destination.from * factor * variation
            var rounded = Decimal()
            NSDecimalRound(&rounded, &price, 2, .plain)
            answer["\(destination.type)|\(destination.id)"] = WireDestination(
                Title: destination.title,
                Count: max(1, NSDecimalNumber(decimal: Decimal(destination.hotels) * variation).intValue),
                MinPrice: rounded,
                Position: destination.position)
        }
        let envelope = ["Aggregates": ["HotelsByChildDestination": answer]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(envelope) else {
            return .json(status: 500, ["error": "could not encode the deals"])
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: data)
    }

    /// `/deals/images/{type}/{id}`: the destination's picture; the size asked for is a hint it ignores.
    func image(path: String) -> HTTPResponse {
        let parts = path.split(separator: "/")
        guard parts.count == 4, let type = Int(parts[2]), let id = Int(parts[3]) else {
            return .json(status: 404, ["error": "no picture at \(path)"])
        }
        let file = DemoCatalogue.imagesDirectory.appendingPathComponent("\(type)-\(id).jpg")
        guard let data = try? Data(contentsOf: file) else {
            return .json(status: 404, ["error": "no picture for \(type)|\(id)"])
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "image/jpeg", "Cache-Control": "max-age=86400"],
                            body: data)
    }
}

/// One destination as the real service spells it.
private struct WireDestination: Encodable {
    var Title: String
    var Count: Int
    var MinPrice: Decimal
    var Position: Int
}
