/// What a kept answer holds, which is also what its notice names ("showing deals from 14:05").
public enum AnswerKind: String, Sendable, CaseIterable {
    case deals, departures, arrivals
}
