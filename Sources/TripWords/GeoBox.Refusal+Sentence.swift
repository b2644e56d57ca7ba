import TripCore

extension GeoBox.Refusal {
    /// What is wrong with `text` as a box "S,W,N,E", e.g. "“51.5,-0.1” is not a box S,W,N,E: it has 2 numbers, not 4".
    public func sentence(_ text: String) -> String {
        let lead = "“\(text)” is not a box S,W,N,E"
        return switch self {
        case .wrongCount(let count):
            "\(lead): it has \(Plural.counted(count, "value", "values")), not 4 (e.g. 51.50,-0.15,51.52,-0.12)"
        case .notANumber(let part):
            "\(lead): “\(part)” is not a number of degrees"
        case .outOfRange:
            "\(lead): latitudes are −90 to 90 and longitudes −180 to 180"
        case .southAboveNorth:
            "\(lead): its south edge is north of its north edge"
        case .crossesAntimeridian:
            "\(lead): its west edge is east of its east edge (a box across the 180° meridian is not supported)"
        }
    }
}
