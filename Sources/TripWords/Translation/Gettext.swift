import CIntl
import Foundation

/// The words of the interface in the person's language, through GNU gettext: catalogues named by
/// the application id, found in `share/locale/LANG/LC_MESSAGES/`. A message is a single plain
/// literal (a `StaticString`, so an interpolated or computed message does not compile), with
/// positional placeholders (`%1$@`, `%2$ld`) filled by `String.filled(_:)`; xgettext collects them
/// from the calls `tr`, `trc` and `trn`.
public enum Translation {
    /// The catalogues' domain: the application id.
    public static let domain = "io.github.tripboard.Tripboard"

    /// Takes the language and formats from the environment and opens the catalogues in
    /// `directory`. Call it first thing in `main`, before anything prints or GTK starts (and tell
    /// GTK not to call setlocale again). Numbers stay in the C form for parsing and `%f`: French
    /// rules would write "75,07" and read "75.07" as 75.
    /// - Parameter language: a language the person chose over the desktop's ("fr", "en"), if any.
    ///   The formats (dates, prices) still follow the desktop's locale.
    public static func start(localeDirectory directory: String?, language: String? = nil) {
        if let language { setenv("LANGUAGE", chosenLanguages(language, locale: messagesLocale()), 1) }
        setlocale(LC_ALL, "")
        setlocale(LC_NUMERIC, "C")
        // gettext reads LANGUAGE only under a locale other than C: C.UTF-8 is C's rules in UTF-8.
        if language != nil, let current = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }), ["C", "POSIX"].contains(current) {
            setlocale(LC_MESSAGES, "C.UTF-8")
        }
        if let directory { bindtextdomain(domain, directory) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// The `LANGUAGE` list for a chosen language: the desktop's own variant of it first when the
    /// desktop speaks it ("fr_CA:fr" for French in Quebec), so its regional words are kept.
    static func chosenLanguages(_ language: String, locale: String) -> String {
        let regional = String(locale.prefix { $0 != "." && $0 != "@" })
        return regional.hasPrefix(language + "_") ? "\(regional):\(language)" : language
    }

    /// The locale the environment names for messages (`LC_ALL`, `LC_MESSAGES`, then `LANG`).
    private static func messagesLocale() -> String {
        let environment = ProcessInfo.processInfo.environment
        return ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    }

    /// The language the interface speaks now, as its catalogue names it ("fr", "fr_CA"); "en" when
    /// no catalogue answers (the messages' own words).
    public static var spokenLanguage: String {
        let header = String(cString: dgettext(domain, ""))
        let line = header.split(separator: "\n").first { $0.hasPrefix("Language:") }
        let name = line.map { $0.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        return name.isEmpty ? "en" : name
    }

    /// Every message in English from now on, whatever the environment's language (gettext answers
    /// in the message's own words under the C locale): for `--json`, whose every field is a
    /// contract, the worded ones (a tram's "display", a favourite's "status") included.
    public static func speakEnglish() {
        setlocale(LC_MESSAGES, "C")
    }

    /// Where the compiled catalogues are: `TRIPBOARD_LOCALEDIR`, else `share/locale` of the prefix
    /// the binary is installed in, else `locale` in the build folder the binary was built in
    /// (`.build/release/tripboard` or `.build/x86_64-unknown-linux-gnu/debug/tripboard` →
    /// `.build/locale`); nil when none exists (English only).
    public static func localeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given = environment["TRIPBOARD_LOCALEDIR"], !given.isEmpty { return given }
        let binary = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let prefix = binary.deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [prefix.appendingPathComponent("share/locale"), prefix.appendingPathComponent("locale"),
                          prefix.deletingLastPathComponent().appendingPathComponent("locale")]
        for candidate in candidates {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("fr/LC_MESSAGES/\(domain).mo").path) {
                return candidate.path
            }
        }
        return nil
    }
}

/// `message` in the person's language.
public func tr(_ message: StaticString) -> String {
    message.text.withCString { String(cString: dgettext(Translation.domain, $0)) }
}

/// `message` in the person's language, as meant in `context` (the same English can need two
/// translations: "Due" of a bus, "Due" of a bill).
public func trc(_ context: StaticString, _ message: StaticString) -> String {
    let key = "\(context.text)\u{4}\(message.text)"
    let found = key.withCString { String(cString: dgettext(Translation.domain, $0)) }
    return found == key ? message.text : found
}

/// The form of `singular` or `plural` that `count` takes in the person's language (French says
/// "0 départ", English "0 departures"): never chosen in code.
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    singular.text.withCString { one in
        plural.text.withCString { many in
            String(cString: dngettext(Translation.domain, one, many, UInt(clamping: max(0, count))))
        }
    }
}

/// A message TripCore holds as data and marks with `N_` (a service's title, a setting's caption, a
/// choice's title), in the person's language where it is shown. Only strings marked with `N_` go
/// through it: anything else (a stop's or a city's name) comes back as it is, since the catalogue
/// does not know it.
public func translated(_ english: String) -> String {
    guard !english.isEmpty else { return english }
    return english.withCString { String(cString: dgettext(Translation.domain, $0)) }
}

extension String {
    /// The message with its placeholders (`%1$@` for text, `%1$ld` for a whole number) filled in
    /// by position, never with the locale's number forms: a number given as a `String` for a
    /// `%ld` is written as it is (`Plural.counted` groups the digits of large counts).
    ///
    /// The placeholders messages use (`%1$@`, `%2$ld`, `%2$02ld`, `%ld`, `%@`, `%%`) are filled
    /// here; anything else goes to `String(format:)`, which costs ten times as much (a row of
    /// arrivals is worded again every second the Favourites countdown ticks).
    public func filled(_ values: any CVarArg...) -> String {
        Placeholders.fill(self, with: values) ?? String(format: self, arguments: values)
    }
}

/// `String.filled`'s own filling of the placeholders messages use.
enum Placeholders {
    /// `message` with its placeholders filled from `values`; nil for a placeholder or a value this
    /// does not handle (and a position past the values), left to `String(format:)`.
    static func fill(_ message: String, with values: [any CVarArg]) -> String? {
        var message = message
        return message.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16 * values.count)
            var next = 0  // the value a placeholder without a position takes
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == UInt8(ascii: "%") else {
                    out.append(byte)
                    continue
                }
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "%") {
                    out.append(byte)
                    index += 1
                    continue
                }
                // %[position$][0width](@|ld|d)
                var position: Int?
                let mark = index
                if let given = number(in: bytes, at: &index), index < bytes.count, bytes[index] == UInt8(ascii: "$") {
                    position = given
                    index += 1
                } else {
                    index = mark
                }
                var width = 0
                if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
                    index += 1
                    width = number(in: bytes, at: &index) ?? 0
                }
                let slot = position.map { $0 - 1 } ?? next
                next += 1
                guard values.indices.contains(slot), index < bytes.count else { return nil }
                let value = values[slot]
                switch bytes[index] {
                case UInt8(ascii: "@"):
                    index += 1
                    guard width == 0 else { return nil }
                    if let text = value as? String {
                        out.append(contentsOf: text.utf8)
                    } else if let text = value as? Substring {
                        out.append(contentsOf: text.utf8)
                    } else {
                        return nil
                    }
                case UInt8(ascii: "l"), UInt8(ascii: "d"):
                    if bytes[index] == UInt8(ascii: "l") { index += 1 }
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "d") else { return nil }
                    index += 1
                    let (negative, digits): (Bool, String)
                    if let whole = value as? Int {
                        // The usual case first: a cast to a protocol searches the conformances.
                        (negative, digits) = decimal(whole)
                    } else if let written = value as? String {
                        // A number already written out ("10,000", grouped as the locale writes it).
                        guard width == 0 else { return nil }
                        out.append(contentsOf: written.utf8)
                        continue
                    } else if let whole = value as? any BinaryInteger {
                        (negative, digits) = decimal(whole)
                    } else {
                        return nil
                    }
                    if negative { out.append(UInt8(ascii: "-")) }
                    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - (negative ? 1 : 0) - digits.utf8.count)))
                    out.append(contentsOf: digits.utf8)
                default:
                    return nil
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The decimal number at `index` (up to four digits), moving past it; nil when there is none.
    private static func number(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int? {
        var value: Int?
        var count = 0
        while index < bytes.count, count < 4, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = (value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        return value
    }

    /// A whole number's sign and its digits.
    private static func decimal<Whole: BinaryInteger>(_ whole: Whole) -> (negative: Bool, digits: String) {
        (whole < 0, String(whole.magnitude))
    }
}

extension StaticString {
    /// The literal as a `String` (a one-character literal has no pointer of its own).
    var text: String { withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}
