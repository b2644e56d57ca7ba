/// A `--json` field that may be unknown: written as `null` then, never left out, as DESIGN.md's
/// contract asks of every field. (Swift's synthesized `Encodable` writes a plain optional with
/// `encodeIfPresent`, which drops the key when the value is nil; a property of this wrapper's type
/// is written with `encode`, so its key is always there.)
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
