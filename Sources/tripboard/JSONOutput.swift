import Foundation
import TripCore

/// How subcommands print `--json`: one pretty array, keys sorted, nulls written out (every field
/// that may be unknown is `@Nullable`, so its key is there as `null`), as `JSONEncoder` with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` writes it.
enum JSONOutput {
    static func encode<Value: Encodable>(_ values: [Value]) throws -> String {
        try PrettyJSON.encode(values)
    }
}
