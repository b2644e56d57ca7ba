import TripDemo
import TripWords

extension FaultPlan.ParseError {
    /// Why the demo's fault spec (`TRIPBOARD_DEMO_FAULTS`, `serve-demo --faults`) was refused, in
    /// the person's language. The targets and faults are listed as they are typed.
    public var sentence: String {
        switch reason {
        case let .unknownTarget(item, targets):
            // TRANSLATORS: the demo's fault spec. %1$@ is the item as typed ("teapot=503"); %2$@ lists
            // the fault targets as typed ("deals, images or trams"); ROUTE=FAULT stays as it is.
            return tr("unknown fault target in “%1$@”; use %2$@ as ROUTE=FAULT").filled(item, Self.either(targets))
        case let .unknownFault(spelling, spellings):
            // TRANSLATORS: the demo's fault spec. %1$@ is the fault as typed; %2$@ lists the faults as typed.
            return tr("unknown fault “%1$@”; use %2$@").filled(spelling, spellings.joined(separator: tr(", ")))
        case let .searchOnly(spelling, paged):
            // TRANSLATORS: the demo's fault spec. %1$@ is the fault as typed ("never-complete"); %2$@
            // lists the fault targets it can be used on, as typed ("departures or poll").
            return tr("“%1$@” is a fault of a search’s pages; use it on %2$@").filled(spelling, Self.either(paged))
        case let .badRequests(count):
            // TRANSLATORS: the demo's fault spec. %1$@ is what followed the "@", as typed; N and N-M stay as they are.
            return tr("“@%1$@” is not a request count N or a range N-M").filled(count)
        }
    }

    private static func either(_ values: [String]) -> String {
        guard let last = values.last else { return "" }
        guard values.count > 1 else { return last }
        // TRANSLATORS: the end of a list of choices: "demo or live", "USD, CAD or EUR".
        return tr("%1$@ or %2$@").filled(values.dropLast().joined(separator: tr(", ")), last)
    }
}
