import Foundation

/// How subcommands print `--json`: one pretty array, keys sorted, nulls written out (every field
/// that may be unknown is `@Nullable`, so its key is there as `null`).
enum JSONOutput {
    static func encode<Value: Encodable>(_ values: [Value]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(values), as: UTF8.self)
    }
}
