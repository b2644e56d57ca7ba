import TripCore

extension GeoBox.Refusal {
    /// What is wrong with `text` as a box "S,W,N,E", e.g. "“51.5,-0.1” is not a box S,W,N,E: it has 2 values, not 4".
    public func sentence(_ text: String) -> String {
        let why = switch self {
        case .wrongCount(let count):
            // TRANSLATORS: a box on the map is four numbers: south, west, north, east.
            trn("it has %ld value, not 4 (e.g. 51.50,-0.15,51.52,-0.12)", "it has %ld values, not 4 (e.g. 51.50,-0.15,51.52,-0.12)",
                count).filled(count)
        case .notANumber(let part):
            tr("“%1$@” is not a number of degrees").filled(part)
        case .outOfRange:
            tr("latitudes are −90 to 90 and longitudes −180 to 180")
        case .southAboveNorth:
            tr("its south edge is north of its north edge")
        case .crossesAntimeridian:
            tr("its west edge is east of its east edge (a box across the 180° meridian is not supported)")
        }
        // TRANSLATORS: %1$@ is what was typed, %2$@ what is wrong with it.
        return tr("“%1$@” is not a box S,W,N,E: %2$@").filled(text, why)
    }
}
