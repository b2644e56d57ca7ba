import Foundation

/// A quick read of a departures page over its bytes, for the shape the service documents: it
/// looks only at the fields Tripboard uses and skips the rest without making strings of them.
///
/// It never decides anything `DeparturesPage.decode`'s `JSONDecoder` reading would decide
/// differently: on anything but the plain documented shape — a departure missing what a row
/// needs, a detail of an unexpected type, a repeated field, text it cannot read, JSON that is not
/// well formed — it gives up (nil) and the page is read the thorough way, which then says what is
/// wrong. Tests check that both readings agree on every fixture and every fuzzed input.
struct DeparturesFastReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private var depth = 0
    /// Amenities objects read so far, by their bytes: a page repeats a few of them for every
    /// departure (one a class of coach), and the same bytes read the same.
    private var amenitiesRead: [(bytes: UnsafeBufferPointer<UInt8>, amenities: Amenities)] = []
    private var sharedTexts: SharedTexts

    private struct GiveUp: Error {}

    /// The page, or nil when only the thorough reading can say what it holds.
    static func read(_ body: Data) -> DeparturesPage? {
        body.withUnsafeBytes { raw in
            var reader = DeparturesFastReader(bytes: raw.bindMemory(to: UInt8.self))
            return try? reader.page(body)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        sharedTexts = SharedTexts(pageSize: bytes.count)
    }

    // MARK: - The page

    private mutating func page(_ body: Data) throws(GiveUp) -> DeparturesPage {
        var departures: [Departure]?
        var complete: Bool?
        var isValidRoute: Bool??
        var ttl: Int??
        var lists: [String: Range<Int>?] = [:]
        try object { reader, key throws(GiveUp) in
            switch key {
            case "departures":
                guard departures == nil else { throw GiveUp() }
                departures = try reader.array { reader throws(GiveUp) in try reader.departure() }
            case "complete":
                guard complete == nil, case .bool(let value) = try reader.scalar() else { throw GiveUp() }
                complete = value
            case "is_valid_route":
                guard isValidRoute == nil else { throw GiveUp() }
                switch try reader.scalar() {
                case .bool(let value): isValidRoute = .some(value)
                case .null: isValidRoute = .some(nil)
                default: throw GiveUp()
                }
            case "ttl":
                guard ttl == nil else { throw GiveUp() }
                ttl = .some(try reader.integer())
            case "cities", "locations", "operators":
                let name = key.text
                guard lists[name] == nil else { throw GiveUp() }
                reader.whitespace()
                if reader.literal("null") {
                    lists[name] = .some(nil)
                } else {
                    guard reader.peek == UInt8(ascii: "[") else { throw GiveUp() }
                    let start = reader.at
                    try reader.skipValue()
                    lists[name] = start..<reader.at
                }
            default:
                try reader.skipValue()
            }
        }
        whitespace()
        guard at == bytes.count, let departures, let complete else { throw GiveUp() }
        // The few cities, stations and operators are read the thorough way, from their own bytes.
        func list<Item: Decodable>(_ key: String, _ type: Item.Type) throws(GiveUp) -> [Item] {
            guard let range = lists[key] ?? nil else { return [] }
            guard let items = try? JSONDecoder().decode([Lossy<Item>].self, from: body[range.lowerBound + body.startIndex..<range.upperBound + body.startIndex])
            else { throw GiveUp() }
            return items.compactMap(\.value)
        }
        return DeparturesPage(cities: try list("cities", City.self), locations: try list("locations", Location.self),
                              operators: try list("operators", Operator.self), departures: departures,
                              received: departures.count, complete: complete, isValidRoute: (isValidRoute ?? nil) ?? true,
                              ttl: ttl ?? nil)
    }

    private mutating func departure() throws(GiveUp) -> Departure {
        var id: String?, operatorId: String??, origin: Int??, destination: Int??
        var leaves: String?, arrives: String?, leavesZone: String??, arrivesZone: String??
        var duration: Int??, seats: Int??, className: String??
        var prices: Prices?, amenities: Amenities??, stops: [TripStop]??
        func once<Value>(_ field: inout Value?, _ value: Value) throws(GiveUp) {
            guard field == nil else { throw GiveUp() }
            field = value
        }
        try object { reader, key throws(GiveUp) in
            switch key {
            case "id": try once(&id, try reader.text() ?? "")
            case "operator_id": try once(&operatorId, try reader.sharedText())
            case "origin_location_id": try once(&origin, try reader.integer())
            case "destination_location_id": try once(&destination, try reader.integer())
            case "departure_time": try once(&leaves, try reader.sharedString())
            case "arrival_time": try once(&arrives, try reader.sharedString())
            case "departure_timezone": try once(&leavesZone, try reader.sharedText())
            case "arrival_timezone": try once(&arrivesZone, try reader.sharedText())
            case "duration": try once(&duration, try reader.integer())
            case "available_seats": try once(&seats, try reader.integer())
            case "class_name": try once(&className, try reader.sharedText())
            case "prices": try once(&prices, try reader.prices())
            case "amenities": try once(&amenities, try reader.amenities())
            case "trip_stops": try once(&stops, try reader.tripStops())
            default: try reader.skipValue()
            }
        }
        guard let id, !id.isEmpty, let leaves, let arrives, let prices else { throw GiveUp() }
        return Departure(id: id, operatorId: operatorId ?? nil, originLocationId: origin ?? nil,
                         destinationLocationId: destination ?? nil, departureTime: leaves, arrivalTime: arrives,
                         departureTimezone: leavesZone ?? nil, arrivalTimezone: arrivesZone ?? nil,
                         duration: (duration ?? nil).flatMap { $0 >= 0 ? $0 : nil }, prices: prices,
                         availableSeats: (seats ?? nil).flatMap { $0 >= 0 ? $0 : nil },
                         amenities: amenities ?? nil, className: className ?? nil, tripStops: stops ?? nil)
    }

    private mutating func prices() throws(GiveUp) -> Prices {
        var total: Int??, currency: String??, breakdown: Prices.Breakdown??
        try object { reader, key throws(GiveUp) in
            switch key {
            case "total": guard total == nil else { throw GiveUp() }; total = try reader.integer()
            case "currency": guard currency == nil else { throw GiveUp() }; currency = try reader.sharedText()
            case "breakdown":
                guard breakdown == nil else { throw GiveUp() }
                reader.whitespace()
                if reader.literal("null") { breakdown = .some(nil); return }
                var base: Int??, fees: Int??, taxes: Int??, discount: Int??
                try reader.object { reader, key throws(GiveUp) in
                    switch key {
                    case "base": guard base == nil else { throw GiveUp() }; base = try reader.integer()
                    case "fees": guard fees == nil else { throw GiveUp() }; fees = try reader.integer()
                    case "taxes": guard taxes == nil else { throw GiveUp() }; taxes = try reader.integer()
                    case "discount": guard discount == nil else { throw GiveUp() }; discount = try reader.integer()
                    default: try reader.skipValue()
                    }
                }
                breakdown = Prices.Breakdown(base: base ?? nil, fees: fees ?? nil, taxes: taxes ?? nil, discount: discount ?? nil)
            default: try reader.skipValue()
            }
        }
        guard let total = total ?? nil, total >= 0 else { throw GiveUp() }
        return Prices(total: total, currency: currency ?? nil, breakdown: breakdown ?? nil)
    }

    private mutating func amenities() throws(GiveUp) -> Amenities? {
        whitespace()
        if literal("null") { return nil }
        // An object read before, byte for byte, is the same amenities: it was read whole from its
        // opening brace to its closing one.
        for (seenBytes, amenities) in amenitiesRead where startsHere(seenBytes) {
            at += seenBytes.count
            return amenities
        }
        let start = at
        let amenities = try readAmenities()
        if amenitiesRead.count < 16 { amenitiesRead.append((UnsafeBufferPointer(rebasing: bytes[start..<at]), amenities)) }
        return amenities
    }

    private mutating func readAmenities() throws(GiveUp) -> Amenities {
        var available: Set<String> = []
        var seen: [Key] = []
        try object { reader, key throws(GiveUp) in
            guard !seen.contains(key) else { throw GiveUp() }
            seen.append(key)
            reader.whitespace()
            if reader.literal("true") { available.insert(key.text) } else { try reader.skipValue() }
        }
        return Amenities(available: available)
    }

    private mutating func tripStops() throws(GiveUp) -> [TripStop]? {
        whitespace()
        if literal("null") { return nil }
        return try array { reader throws(GiveUp) in
            var name: String??, location: Int??, arrives: String??, leaves: String??
            try reader.object { reader, key throws(GiveUp) in
                switch key {
                case "name": guard name == nil else { throw GiveUp() }; name = try reader.sharedText()
                case "location_id": guard location == nil else { throw GiveUp() }; location = try reader.integer()
                case "arrival_time": guard arrives == nil else { throw GiveUp() }; arrives = try reader.sharedText()
                case "departure_time": guard leaves == nil else { throw GiveUp() }; leaves = try reader.sharedText()
                default: try reader.skipValue()
                }
            }
            guard let name = name ?? nil, !name.isEmpty else { throw GiveUp() }
            return TripStop(name: name, locationId: location ?? nil, arrivalTime: arrives ?? nil, departureTime: leaves ?? nil)
        }
    }

    // MARK: - Values

    private enum Scalar {
        case string(String), integer(Int), bool(Bool), null
    }

    /// A string, an integer (no fraction or exponent), true, false or null; anything else gives up.
    private mutating func scalar() throws(GiveUp) -> Scalar {
        whitespace()
        guard let byte = peek else { throw GiveUp() }
        switch byte {
        case UInt8(ascii: "\""): return .string(try stringValue())
        case UInt8(ascii: "t"): if literal("true") { return .bool(true) }
        case UInt8(ascii: "f"): if literal("false") { return .bool(false) }
        case UInt8(ascii: "n"): if literal("null") { return .null }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let negative = byte == UInt8(ascii: "-")
            let start = at + (negative ? 1 : 0)
            try skipNumber()
            // Digits alone (no fraction or exponent), at most 18 of them: they fit an Int.
            guard at - start <= 18 else { throw GiveUp() }
            var number = 0
            for digit in bytes[start..<at] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { throw GiveUp() }
                number = number * 10 + Int(digit - UInt8(ascii: "0"))
            }
            return .integer(negative ? -number : number)
        default: break
        }
        throw GiveUp()
    }

    /// A required string.
    private mutating func string() throws(GiveUp) -> String {
        guard case .string(let text) = try scalar() else { throw GiveUp() }
        return text
    }

    /// A text detail as `lenientText` reads it: a string, an integer's digits, or nil for null.
    private mutating func text() throws(GiveUp) -> String? {
        switch try scalar() {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .null: return nil
        case .bool: throw GiveUp()
        }
    }

    /// `string()` for a detail that departures share (a time, a zone, an operator, a stop's name):
    /// the page's first copy of the same text (`SharedTexts`).
    private mutating func sharedString() throws(GiveUp) -> String {
        whitespace()
        guard peek == UInt8(ascii: "\"") else { throw GiveUp() }
        return try sharedStringValue()
    }

    /// `text()` for a detail that departures share, as `sharedString()`.
    private mutating func sharedText() throws(GiveUp) -> String? {
        whitespace()
        return peek == UInt8(ascii: "\"") ? try sharedStringValue() : try text()
    }

    /// `stringValue()`, from the page's copy of the same bytes where there is one; a string with
    /// escapes is read as `stringValue()` reads it, and not shared.
    private mutating func sharedStringValue() throws(GiveUp) -> String {
        let quote = at
        guard try !skipString() else {
            at = quote
            return try stringValue()
        }
        return sharedTexts.text(UnsafeBufferPointer(rebasing: bytes[quote + 1..<at - 1]))
    }

    /// A number detail as `lenientInt` reads it, for the plain cases: an integer, or nil for null.
    private mutating func integer() throws(GiveUp) -> Int? {
        switch try scalar() {
        case .integer(let number): return number
        case .null: return nil
        default: throw GiveUp()
        }
    }

    // MARK: - Structure

    /// Reads an object, handing each key to `field`, which must read or skip its value.
    private mutating func object(_ field: (inout DeparturesFastReader, Key) throws(GiveUp) -> Void) throws(GiveUp) {
        whitespace()
        guard peek == UInt8(ascii: "{") else { throw GiveUp() }
        try enter()
        at += 1
        whitespace()
        if peek == UInt8(ascii: "}") {
            at += 1
            depth -= 1
            return
        }
        while true {
            whitespace()
            guard peek == UInt8(ascii: "\"") else { throw GiveUp() }
            let start = at + 1
            // A key spelled with escapes is matched the thorough way.
            guard try !skipString() else { throw GiveUp() }
            let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<at - 1]))
            whitespace()
            guard peek == UInt8(ascii: ":") else { throw GiveUp() }
            at += 1
            try field(&self, key)
            whitespace()
            guard let next = peek else { throw GiveUp() }
            at += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw GiveUp() }
        }
        depth -= 1
    }

    private mutating func array<Item>(_ item: (inout DeparturesFastReader) throws(GiveUp) -> Item) throws(GiveUp) -> [Item] {
        whitespace()
        guard peek == UInt8(ascii: "[") else { throw GiveUp() }
        try enter()
        at += 1
        var items: [Item] = []
        whitespace()
        if peek == UInt8(ascii: "]") {
            at += 1
            depth -= 1
            return items
        }
        while true {
            items.append(try item(&self))
            whitespace()
            guard let next = peek else { throw GiveUp() }
            at += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { throw GiveUp() }
        }
        depth -= 1
        return items
    }

    private mutating func enter() throws(GiveUp) {
        depth += 1
        guard depth < 64 else { throw GiveUp() }
    }

    /// Steps over any well-formed value.
    private mutating func skipValue() throws(GiveUp) {
        whitespace()
        guard let byte = peek else { throw GiveUp() }
        switch byte {
        case UInt8(ascii: "{"): try object { reader, _ throws(GiveUp) in try reader.skipValue() }
        case UInt8(ascii: "["): _ = try array { reader throws(GiveUp) in try reader.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default:
            guard literal("true") || literal("false") || literal("null") else { throw GiveUp() }
        }
    }

    private mutating func skipNumber() throws(GiveUp) {
        func digits(_ reader: inout DeparturesFastReader) -> Int {
            let start = reader.at
            while let byte = reader.peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { reader.at += 1 }
            return reader.at - start
        }
        if peek == UInt8(ascii: "-") { at += 1 }
        let whole = at
        let count = digits(&self)
        guard count > 0, count == 1 || bytes[whole] != UInt8(ascii: "0") else { throw GiveUp() }
        if peek == UInt8(ascii: ".") {
            at += 1
            guard digits(&self) > 0 else { throw GiveUp() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            guard digits(&self) > 0 else { throw GiveUp() }
        }
    }

    /// A string's text: plain ASCII is taken as it is; escapes and other UTF-8 are read carefully.
    private mutating func stringValue() throws(GiveUp) -> String {
        let start = at + 1
        if try !skipString() {
            // UTF-8 that `skipString` has checked.
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at - 1]), as: UTF8.self)
        }
        // Escapes are rare in what Tripboard reads: JSONSerialization reads them exactly.
        guard let text = (try? JSONSerialization.jsonObject(with: Data(bytes[start - 1..<at]), options: [.fragmentsAllowed])) as? String
        else { throw GiveUp() }
        return text
    }

    /// Steps over a string, checking its escapes and its UTF-8; true when it has escapes.
    @discardableResult
    private mutating func skipString() throws(GiveUp) -> Bool {
        guard peek == UInt8(ascii: "\""), let base = bytes.baseAddress else { throw GiveUp() }
        at += 1
        var ascii = true
        var escapes = false
        let start = at
        while true {
            // Eight bytes at a time up to the first that is a quote, a backslash, a control
            // character or part of a non-ASCII character.
            while at + 8 <= bytes.count {
                let flags = Self.needingALook(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
                if flags == 0 {
                    at += 8
                } else {
                    at += flags.trailingZeroBitCount / 8
                    break
                }
            }
            guard let byte = peek else { throw GiveUp() }
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                if !ascii, String(validating: UnsafeBufferPointer(rebasing: bytes[start..<at - 1]), as: UTF8.self) == nil {
                    throw GiveUp()
                }
                return escapes
            case UInt8(ascii: "\\"):
                escapes = true
                guard let escaped = peek else { throw GiveUp() }
                at += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    guard at + 4 <= bytes.count, bytes[at..<at + 4].allSatisfy({ $0.isHexDigit }) else { throw GiveUp() }
                    at += 4
                default:
                    throw GiveUp()
                }
            case 0..<0x20:
                throw GiveUp()
            case 0x80...:
                ascii = false
            default:
                break
            }
        }
    }

    /// The eight bytes of `word` (the first in the lowest) that are a quote, a backslash, below 0x20
    /// or above 0x7F, as the high bit of each: zero when none is. The lowest bit set is always
    /// such a byte; bits above it may be set for bytes that are not.
    @inline(__always)
    private static func needingALook(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        func below(_ limit: UInt64, _ value: UInt64) -> UInt64 { (value &- ones &* limit) & ~value & highBits }
        let quote = below(1, word ^ (ones &* 0x22)), backslash = below(1, word ^ (ones &* 0x5C))
        return quote | backslash | below(0x20, word) | word & highBits
    }

    /// Whether the bytes from here on begin with `expected`.
    private func startsHere(_ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        guard at + expected.count <= bytes.count, let here = bytes.baseAddress, let there = expected.baseAddress else { return false }
        return memcmp(here + at, there, expected.count) == 0
    }

    /// Takes `word` if it comes next.
    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[at + $0] == expected[$0] }
        }
        if matches { at += count }
        return matches
    }

    private mutating func whitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
    }

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }
}

/// An object's key as it is in the body (without escapes), compared without making a string of it.
private struct Key: Equatable {
    let bytes: UnsafeBufferPointer<UInt8>

    var text: String { String(decoding: bytes, as: UTF8.self) }

    static func == (lhs: Key, rhs: Key) -> Bool {
        same(lhs.bytes, rhs.bytes)
    }

    static func ~= (pattern: StaticString, key: Key) -> Bool {
        pattern.utf8CodeUnitCount == key.bytes.count && pattern.withUTF8Buffer { same($0, key.bytes) }
    }

    private static func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return lhs.isEmpty }
        return memcmp(left, right, lhs.count) == 0
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
