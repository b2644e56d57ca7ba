import Foundation

/// A service's own reason for refusing a request, read from its error body as one short plain line.
///
/// Read from the error shapes these services send: `{"message": "…"}` (TfL's `ApiError`, and the
/// usual shape of web APIs), `{"error": "…"}` (the demo's, for Busbud and deals) and
/// `{"error": {"message": "…"}}`. Anything else — a web page, plain text, a body of another
/// shape — gives no reason, and the status is said alone. The reason is the service's sentence, not
/// the body: control and formatting characters become spaces, runs of spaces become one, anything
/// that looks like markup is refused, and a long one is cut to `maxLength` with "…".
enum ServiceReason {
    /// The longest reason kept, in characters (the ellipsis included).
    static let maxLength = 160
    /// Bodies larger than this are not searched for a reason: an error body is a sentence or two.
    static let maxBodyBytes = 64 << 10

    /// The reason in `response`'s body; nil when it gives none that can be said as plain text.
    static func read(from response: HTTPResponse) -> String? {
        guard response.body.count <= maxBodyBytes,
              !(response.header("Content-Type")?.lowercased().contains("html") ?? false),
              let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
        else { return nil }
        return [body.message, body.error, body.nestedMessage].lazy.compactMap { $0.flatMap(plain) }.first
    }

    /// `text` as one plain line of at most `maxLength` characters; nil when nothing is left or it
    /// looks like markup.
    static func plain(_ text: String) -> String? {
        var line = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                pendingSpace = !line.isEmpty
            default:
                if pendingSpace { line.append(" ") }
                pendingSpace = false
                line.unicodeScalars.append(scalar)
            }
        }
        guard !line.isEmpty, !looksLikeMarkup(line) else { return nil }
        guard line.count > maxLength else { return line }
        let kept = line.prefix(maxLength - 1)
        let atWord = kept.lastIndex(of: " ").map { kept[..<$0] }.flatMap { $0.count > maxLength / 2 ? $0 : nil } ?? kept
        return atWord.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// A tag such as `<p>`, `</div>` or `<!DOCTYPE`: a "<" before a letter, "/" or "!".
    private static func looksLikeMarkup(_ text: String) -> Bool {
        var previous: Character?
        for character in text {
            if previous == "<", character.isLetter || character == "/" || character == "!" { return true }
            previous = character
        }
        return false
    }

    /// The fields a reason may come from; a field of another type is not a reason, not a failure.
    private struct ErrorBody: Decodable {
        var message: String?
        var error: String?
        var nestedMessage: String?

        private enum Key: String, CodingKey { case message, error }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            message = try? container.decodeIfPresent(String.self, forKey: .message)
            error = try? container.decodeIfPresent(String.self, forKey: .error)
            nestedMessage = try? container.nestedContainer(keyedBy: Key.self, forKey: .error)
                .decodeIfPresent(String.self, forKey: .message)
        }
    }
}
