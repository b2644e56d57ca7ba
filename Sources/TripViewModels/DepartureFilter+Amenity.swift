import TripWords

extension DepartureFilter {
    /// What a traveller can ask a coach to have on board. The raw value is the command line's
    /// `--amenity` name.
    public enum Amenity: String, CaseIterable, Hashable, Sendable {
        case wifi
        case power
        case toilet

        /// The amenity a service's name stands for, whichever way it is written: Busbud's flags
        /// (`wifi`, `power_outlets`, `toilet`), the labels `ResolvedDeparture.amenities` holds
        /// ("Wi-Fi", "Power outlets"), and the usual other spellings ("WiFi", "Wi_Fi", "Restroom",
        /// "WC", "Power sockets"); case, spaces and punctuation do not count. Nil for anything else.
        public init?(serviceName: String) {
            let key = String(serviceName.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            guard let amenity = Self.names[key] else { return nil }
            self = amenity
        }

        /// Spellings with case, spaces and punctuation taken out, and the amenity each stands for.
        private static let names: [String: Amenity] = {
            var names: [String: Amenity] = [:]
            for name in ["wifi", "wirelessinternet", "wireless", "wlan", "freewifi"] { names[name] = .wifi }
            for name in ["power", "poweroutlet", "poweroutlets", "powersocket", "powersockets", "powerplugs",
                         "outlet", "outlets", "electricaloutlet", "electricaloutlets", "sockets", "plugs"] {
                names[name] = .power
            }
            for name in ["toilet", "toilets", "restroom", "restrooms", "wc", "bathroom", "lavatory", "washroom"] {
                names[name] = .toilet
            }
            return names
        }()

        /// "Wi-Fi", "Power outlets", "Toilet": the check button's label and accessible name.
        public var label: String {
            switch self {
            case .wifi: FilterWords.wifi
            case .power: FilterWords.powerOutlets
            case .toilet: FilterWords.toilet
            }
        }
    }
}
