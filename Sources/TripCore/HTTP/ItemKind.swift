/// What an answer lists, for saying how many of them were left out (the words are the wording
/// layer's).
public enum ItemKind: String, Sendable, Equatable, CaseIterable {
    case deal, departure, prediction, stop
}
