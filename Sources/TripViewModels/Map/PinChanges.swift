import TripCore

/// How the map's pins changed in one step, by id, so the view adds, moves or relabels, and
/// removes markers one by one and never rebuilds the layer: a stop in both the old and the new
/// pins is `updated` (when anything it shows changed) or left alone, never removed and re-added.
public struct PinChanges: Sendable, Equatable {
    /// Pins new to the map, nearest the area's centre first.
    public var added: [MapPin]
    /// Pins already on the map whose place, label, name or favourite mark changed.
    public var updated: [MapPin]
    /// Ids of pins to take off the map.
    public var removed: [StopKey]

    public init(added: [MapPin] = [], updated: [MapPin] = [], removed: [StopKey] = []) {
        self.added = added
        self.updated = updated
        self.removed = removed
    }

    /// What turns `old` into `new`. The view can use it too, to catch up from the pins it shows.
    public init(from old: [StopKey: MapPin], to new: [StopKey: MapPin], centre: Coordinate? = nil) {
        let order = MapPin.nearestFirst(centre)
        added = new.values.filter { old[$0.id] == nil }.sorted(by: order)
        updated = new.values.filter { pin in old[pin.id].map { $0 != pin } ?? false }.sorted(by: order)
        removed = old.keys.filter { new[$0] == nil }.sorted { $0.description < $1.description }
    }

    public var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty }
}
