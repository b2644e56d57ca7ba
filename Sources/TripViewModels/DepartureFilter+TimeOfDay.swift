import TripWords

extension DepartureFilter {
    /// A quarter of the day on the departure city's clock, as coach sites split it.
    public enum TimeOfDay: String, CaseIterable, Hashable, Sendable {
        /// 00:00 to 06:00.
        case night
        /// 06:00 to 12:00.
        case morning
        /// 12:00 to 18:00.
        case afternoon
        /// 18:00 to midnight.
        case evening

        /// The part of the day holding `minuteOfDay` (minutes after midnight, 0 to 1439).
        public init(minuteOfDay: Int) {
            self = Self.allCases[min(max(minuteOfDay, 0) / 360, 3)]
        }

        /// Its minutes after midnight; the end is not part of it.
        public var minutes: Range<Int> {
            let start = (Self.allCases.firstIndex(of: self) ?? 0) * 360
            return start..<(start + 360)
        }

        /// "Morning (06–12)": the check button's label and accessible name.
        public var label: String {
            let name = switch self {
            case .night: FilterWords.night
            case .morning: FilterWords.morning
            case .afternoon: FilterWords.afternoon
            case .evening: FilterWords.evening
            }
            return FilterWords.timeOfDay(name, fromHour: minutes.lowerBound / 60, toHour: minutes.upperBound / 60)
        }
    }
}
