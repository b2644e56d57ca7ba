import Testing

/// Lets pending main-actor and service work run until `condition` holds; records an issue (the
/// test fails) when it never does. The bound is generous because a condition that holds ends the
/// wait at once: only a failing test pays it. It is a minute because the whole suite runs at once
/// on two cores: a test's work can wait behind the rest for most of the suite's 35 s (Add Stop's
/// search in FifthServiceTests ran out of a 20 s bound once in a full run, and passed alone in
/// 0.1 s), and twice that on a machine twice as slow.
@MainActor
public func settle(_ what: String = "the condition", within limit: Duration = .seconds(60),
                   sourceLocation: SourceLocation = #_sourceLocation,
                   until condition: @MainActor () -> Bool) async {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("\(what) never came true", sourceLocation: sourceLocation)
            return
        }
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
}

/// Gives other tasks a moment to run, for checking that something does NOT happen.
@MainActor
public func drain() async {
    for _ in 0..<20 {
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
}
