/// Small named values kept across launches, such as a service's device token.
///
/// Keeping them is a convenience: a value that cannot be read is nil, and one that cannot be
/// written is simply asked for again next time, so neither call throws.
public protocol ValueStore: Sendable {
    func value(for key: String) async -> String?
    func setValue(_ value: String, for key: String) async
}
