/// One way of checking every input of a scenario: KiiIdentity, or a baseline to compare it with.
struct Contender {
    /// What a row is.
    enum Role: String, Codable {
        /// The KiiIdentity call the scenario is about (the row the ratios are computed for).
        case engine
        /// Another KiiIdentity call on the same inputs, for information (no ratio).
        case variant
        /// A baseline: the ratio column says how many times faster the engine is.
        case baseline
    }

    let name: String
    let role: Role
    /// Checks input `index` of the scenario; `true` when it is accepted.
    let accepts: (Int) -> Bool
    /// Runs `accepts` over inputs `0..<count`, `passes` times; returns how many were accepted.
    ///
    /// Built in `init` around the closure literal given there, so the compiler can inline the
    /// check into the loop: no indirect call per input, as in a caller's own loop.
    let run: (_ count: Int, _ passes: Int) -> Int

    @inline(__always)
    init(name: String, role: Role, accepts: @escaping (Int) -> Bool) {
        self.name = name
        self.role = role
        self.accepts = accepts
        run = { count, passes in
            var accepted = 0
            for _ in 0..<passes {
                for index in 0..<count where accepts(index) { accepted &+= 1 }
            }
            return accepted
        }
    }
}

/// A named input mix and the contenders that check it.
struct Scenario {
    let name: String
    /// What the inputs are, for the table's heading.
    let summary: String
    let inputCount: Int
    let contenders: [Contender]

    var engine: Contender { contenders.first { $0.role == .engine }! }
}

/// Where results go so that the optimiser cannot drop the work; printed at the end.
enum Sink {
    /// Unchecked: a dynamic exclusivity check on every access would cost more than some of
    /// the operations measured.
    @exclusivity(unchecked) nonisolated(unsafe) static var value = 0

    @inline(never)
    static func consume(_ count: Int) { value &+= count }
}

/// A scenario by name, built only when selected (building one can take time: the valid-only
/// mixes validate every input first).
struct ScenarioEntry {
    let name: String
    let make: () -> Scenario
}
