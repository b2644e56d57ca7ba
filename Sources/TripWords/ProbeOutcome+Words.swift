import TripCore

extension ProbeOutcome {
    /// What "Test connection" says of `provider`: "Connected: TfL found 5 stops near Oxford Circus."
    public func sentence(_ provider: any ServiceProvider) -> String {
        let who = answerer ?? provider.serviceName
        switch finding {
        case .deviceToken:
            return "Connected: \(who) gave Tripboard a device token."
        case .items(let count, let item) where firstPageOnly:
            return "Connected: \(who) answered (\(item.counted(count)) on its first page)."
        case .items(let count, let item):
            let verb = answerer == nil ? "sent" : "found"
            return "Connected: \(who) \(verb) \(item.counted(count))" + (near.map { " near \($0)" } ?? "") + "."
        }
    }
}
