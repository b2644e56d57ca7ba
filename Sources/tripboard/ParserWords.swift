import Foundation
import TripWords

/// ArgumentParser says a mistake in the command line in its own English and cannot be asked for
/// other words: its sentence shapes are recognised here and said again in the person's language,
/// the quoted parts (what was typed, an option as written) kept as they are. Anything else (its
/// usage lines, a shape not listed) passes unchanged.
enum ParserWords {
    static func translated(_ message: String) -> String {
        for (pattern, words) in shapes {
            let whole = NSRange(message.startIndex..., in: message)
            guard let pattern = shape(pattern), let match = pattern.firstMatch(in: message, range: whole),
                  match.range == whole else { continue }
            let parts = (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: message).map { String(message[$0]) } ?? ""
            }
            return words(parts)
        }
        return message
    }

    /// The shape as a whole-message pattern; nil for one that does not compile (a mistake of ours,
    /// which the command line's pseudo-language test would see as English): the message then
    /// passes unchanged, in ArgumentParser's words, rather than the command line crashing as it
    /// says a mistake.
    private static func shape(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: "^" + pattern + "$", options: [.dotMatchesLineSeparators])
    }

    // Made when a mistake is to be said, at most once a run.
    private static var shapes: [(String, ([String]) -> String)] { [
        // TRANSLATORS: ArgumentParser's words. %1$@ is the value typed, %2$@ the option as written
        // ("--now <now>"), %3$@ why the value is refused; keep the quotes round %1$@ and %2$@ as quotes.
        ("The value '(.*)' is invalid for '([^']*)': (.*)",
         { tr("The value '%1$@' is invalid for '%2$@': %3$@").filled($0[0], $0[1], $0[2]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the value typed, %2$@ the option as written.
        ("The value '(.*)' is invalid for '([^']*)'", { tr("The value '%1$@' is invalid for '%2$@'").filled($0[0], $0[1]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the option typed, %2$@ the one meant, as written.
        ("Unknown option '([^']*)'\\. Did you mean '([^']*)'\\?",
         { tr("Unknown option '%1$@'. Did you mean '%2$@'?").filled($0[0], $0[1]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the option typed.
        ("Unknown option '([^']*)'", { tr("Unknown option '%1$@'").filled($0[0]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the option as written ("--adults <adults>").
        ("Missing value for '([^']*)'", { tr("Missing value for '%1$@'").filled($0[0]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is what was typed.
        ("Unexpected argument '(.*)'", { tr("Unexpected argument '%1$@'").filled($0[0]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the argument as written ("<key>").
        ("Missing expected argument '(.*)'", { tr("Missing expected argument '%1$@'").filled($0[0]) }),
    ] }
}
