/// The properties an input broke, collected instead of trapping so a normal test can list them.
struct Violations {
    private(set) var messages: [String] = []

    /// Records `message` unless `condition` holds.
    mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { messages.append(message()) }
    }
}
