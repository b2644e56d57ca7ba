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
            guard let match = pattern.firstMatch(in: message, range: whole), match.range == whole else { continue }
            let parts = (1..<match.numberOfRanges).map { String(message[Range(match.range(at: $0), in: message)!]) }
            return words(parts)
        }
        return message
    }

    private static func shape(_ pattern: String) -> NSRegularExpression {
        // swiftlint:disable:next force_try
        try! NSRegularExpression(pattern: "^" + pattern + "$", options: [.dotMatchesLineSeparators])
    }

    // Made when a mistake is to be said, at most once a run.
    private static var shapes: [(NSRegularExpression, ([String]) -> String)] { [
        // TRANSLATORS: ArgumentParser's words. %1$@ is the value typed, %2$@ the option as written
        // ("--now <now>"), %3$@ why the value is refused; keep the quotes round %1$@ and %2$@ as quotes.
        (shape("The value '(.*)' is invalid for '([^']*)': (.*)"),
         { tr("The value '%1$@' is invalid for '%2$@': %3$@").filled($0[0], $0[1], $0[2]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the value typed, %2$@ the option as written.
        (shape("The value '(.*)' is invalid for '([^']*)'"), { tr("The value '%1$@' is invalid for '%2$@'").filled($0[0], $0[1]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the option typed, %2$@ the one meant, as written.
        (shape("Unknown option '([^']*)'\\. Did you mean '([^']*)'\\?"),
         { tr("Unknown option '%1$@'. Did you mean '%2$@'?").filled($0[0], $0[1]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the option typed.
        (shape("Unknown option '([^']*)'"), { tr("Unknown option '%1$@'").filled($0[0]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the option as written ("--adults <adults>").
        (shape("Missing value for '([^']*)'"), { tr("Missing value for '%1$@'").filled($0[0]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is what was typed.
        (shape("Unexpected argument '(.*)'"), { tr("Unexpected argument '%1$@'").filled($0[0]) }),
        // TRANSLATORS: ArgumentParser's words. %1$@ is the argument as written ("<key>").
        (shape("Missing expected argument '(.*)'"), { tr("Missing expected argument '%1$@'").filled($0[0]) }),
    ] }
}
