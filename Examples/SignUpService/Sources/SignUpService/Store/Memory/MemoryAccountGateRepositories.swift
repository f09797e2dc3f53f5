/// ``AccountGateRepository`` in memory: ``AccountGateRules/admit(_:stranger:now:)`` on a
/// dictionary.
struct MemoryAccountGateRepository: AccountGateRepository {
    let tables: MemoryTables

    func admit(
        _ account: String,
        stranger: Bool,
        rules: AccountGateRules,
        now: Int64
    ) async throws
        -> AccountGateState
    {
        let state = rules.admit(tables.rows.gates[account], stranger: stranger, now: now)
        tables.rows.gates[account] = state
        return state
    }

    func giveBack(_ account: String) async throws {
        guard let state = tables.rows.gates[account], state.streak > 0 else { return }
        tables.rows.gates[account]?.streak = state.streak - 1
    }

    func clear(_ account: String) async throws { tables.rows.gates[account] = nil }
}

/// ``RememberedAddressRepository`` in memory.
struct MemoryRememberedAddressRepository: RememberedAddressRepository {
    let tables: MemoryTables

    func remembers(_ address: String, of account: String, now: Int64) async throws -> Bool {
        (tables.rows.remembered[MemoryKey(first: account, second: address)] ?? now) > now
    }

    func remember(_ address: String, of userID: String, until expiresAt: Int64, keeping count: Int) async throws {
        tables.rows.remembered[MemoryKey(first: userID, second: address)] = expiresAt
        let others = tables.rows.remembered.filter { $0.key.first == userID }
            .sorted { ($0.value, $1.key.second) > ($1.value, $0.key.second) }
        for entry in others.dropFirst(count) { tables.rows.remembered[entry.key] = nil }
    }
}
