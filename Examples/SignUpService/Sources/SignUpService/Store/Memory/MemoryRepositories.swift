import KiiIdentity

/// ``UserRepository`` in memory; a deletion takes the user's keys, tokens and codes with it, as
/// `ON DELETE CASCADE` does.
struct MemoryUserRepository: UserRepository {
    let tables: MemoryTables

    func insert(_ user: StoredUser) async throws {
        guard tables.rows.users[user.userID] == nil else { throw StoreError.unexpectedAnswer("a user ID twice") }
        tables.rows.users[user.userID] = user
    }

    func user(_ userID: String, locking: Bool) async throws -> StoredUser? { tables.rows.users[userID] }

    func user(holdingFirstOf keys: [UniquenessKey]) async throws -> (key: UniquenessKey, user: StoredUser)? {
        for key in keys {
            if let holder = tables.rows.keys[MemoryKey(first: key.kind.rawValue, second: key.value)],
                let user = tables.rows.users[holder]
            {
                return (key, user)
            }
        }
        return nil
    }

    func update(_ user: StoredUser) async throws { tables.rows.users[user.userID] = user }

    func delete(_ userID: String) async throws -> Bool {
        guard tables.rows.users.removeValue(forKey: userID) != nil else { return false }
        tables.rows.keys = tables.rows.keys.filter { $0.value != userID }
        tables.rows.tokens = tables.rows.tokens.filter { $0.value.userID != userID }
        tables.rows.spentRefresh = tables.rows.spentRefresh.filter { $0.value.userID != userID }
        tables.rows.codes = tables.rows.codes.filter { $0.key.first != userID }
        tables.rows.resetCodes[userID] = nil
        tables.rows.remembered = tables.rows.remembered.filter { $0.key.first != userID }
        return true
    }
}

/// ``IdentityKeyRepository`` in memory.
struct MemoryIdentityKeyRepository: IdentityKeyRepository {
    let tables: MemoryTables

    func take(_ keys: [UniquenessKey], lookalike: Bool, for userID: String) async throws {
        let rows = IdentityKeyRows(keys, lookalike: lookalike)
        let free = rows.rows.filter { tables.rows.keys[MemoryKey(first: $0.kind, second: $0.value)] == nil }
        if free.count < rows.rows.count { try rows.throwTaken(inserted: Set(free.map(\.kind))) }
        for row in rows.rows { tables.rows.keys[MemoryKey(first: row.kind, second: row.value)] = userID }
    }

    func release(_ kind: LoginKind, of userID: String) async throws {
        let kinds = kind == .username ? [kind.rawValue, IdentityKeyRows.lookalikeKind] : [kind.rawValue]
        tables.rows.keys = tables.rows.keys.filter { !($0.value == userID && kinds.contains($0.key.first)) }
    }

    func keys(of userID: String) async throws -> [UniquenessKey] {
        tables.rows.keys.filter { $0.value == userID }
            .compactMap { entry in
                LoginKind(rawValue: entry.key.first).flatMap { UniquenessKey(kind: $0, storedValue: entry.key.second) }
            }
            .sorted { $0.kind < $1.kind }
    }

    func lookalikeKey(of userID: String) async throws -> String? {
        tables.rows.keys.first { $0.value == userID && $0.key.first == IdentityKeyRows.lookalikeKind }?.key.second
    }
}

/// ``TokenRepository`` in memory.
struct MemoryTokenRepository: TokenRepository {
    let tables: MemoryTables

    func insert(_ token: AccessTokenRecord) async throws { tables.rows.tokens[token.hash] = token }

    func trim(of userID: String, keeping: String, atMost limit: Int) async throws {
        let others = tables.rows.tokens.values.filter { $0.userID == userID && $0.hash != keeping }
            .sorted { ($0.issuedAt, $0.hash) > ($1.issuedAt, $1.hash) }
        for token in others.dropFirst(max(0, limit - 1)) { tables.rows.tokens[token.hash] = nil }
    }

    func userID(forTokenHash hash: String, now: Int64) async throws -> String? {
        tables.rows.tokens[hash].flatMap { $0.expiresAt > now ? $0.userID : nil }
    }

    func revoke(of userID: String, except keeping: String?) async throws {
        tables.rows.tokens = tables.rows.tokens.filter { $0.value.userID != userID || $0.key == keeping }
    }

    func userID(forRefreshHash hash: String, now: Int64) async throws -> String? {
        liveRefresh(hash, now: now)?.userID
    }

    func takeRefresh(_ hash: String, now: Int64) async throws -> AccessTokenRecord? {
        guard let row = liveRefresh(hash, now: now) else { return nil }
        tables.rows.tokens[row.hash] = nil
        tables.rows.spentRefresh[hash] = (row.family ?? row.hash, row.userID, row.refreshExpiresAt ?? now)
        return row
    }

    func spentFamily(ofRefresh hash: String, now: Int64) async throws -> String? {
        tables.rows.spentRefresh[hash].flatMap { $0.expiresAt > now ? $0.family : nil }
    }

    func revokeFamily(_ family: String) async throws {
        tables.rows.tokens = tables.rows.tokens.filter { $0.value.family != family && $0.key != family }
    }

    func revoke(token hash: String) async throws { tables.rows.tokens[hash] = nil }

    func cap(of userID: String, expiringBy latest: Int64) async throws {
        for (hash, token) in tables.rows.tokens where token.userID == userID && token.expiresAt > latest {
            tables.rows.tokens[hash] = AccessTokenRecord(
                hash: token.hash,
                userID: token.userID,
                expiresAt: latest,
                issuedAt: token.issuedAt,
                refreshHash: token.refreshHash,
                refreshExpiresAt: token.refreshExpiresAt,
                family: token.family
            )
        }
    }

    private func liveRefresh(_ hash: String, now: Int64) -> AccessTokenRecord? {
        tables.rows.tokens.values.first { $0.refreshHash == hash && ($0.refreshExpiresAt ?? now) > now }
    }
}

/// ``VerificationCodeRepository`` in memory.
struct MemoryVerificationCodeRepository: VerificationCodeRepository {
    let tables: MemoryTables

    func replace(_ codes: [IssuedCode], of userID: String) async throws {
        for code in codes { tables.rows.codes[MemoryKey(first: userID, second: code.kind.rawValue)] = code }
    }

    func code(_ kind: LoginKind, of userID: String) async throws -> IssuedCode? {
        tables.rows.codes[MemoryKey(first: userID, second: kind.rawValue)]
    }

    func delete(_ kind: LoginKind, of userID: String) async throws {
        tables.rows.codes[MemoryKey(first: userID, second: kind.rawValue)] = nil
    }

    func countFailure(_ kind: LoginKind, of userID: String) async throws {
        tables.rows.codes[MemoryKey(first: userID, second: kind.rawValue)]?.failures += 1
    }
}

/// ``ResetCodeRepository`` in memory.
struct MemoryResetCodeRepository: ResetCodeRepository {
    let tables: MemoryTables

    func replace(hash: String, expiresAt: Int64, of userID: String) async throws {
        tables.rows.resetCodes[userID] = StoredResetCode(hash: hash, expiresAt: expiresAt)
    }

    func code(of userID: String) async throws -> StoredResetCode? { tables.rows.resetCodes[userID] }

    func delete(of userID: String) async throws { tables.rows.resetCodes[userID] = nil }

    func countFailure(of userID: String) async throws { tables.rows.resetCodes[userID]?.failures += 1 }
}

/// ``RateLimitRepository`` in memory.
struct MemoryRateLimitRepository: RateLimitRepository {
    let tables: MemoryTables

    func take(_ charges: [RateLimitCharge], now: Int64) async throws -> [RateLimitState] {
        charges.map { charge in
            let limit = charge.limit
            let arrival = tables.rows.limits[charge.key]?.arrival ?? now
            let admitted = arrival - limit.tolerance <= now
            let after = admitted ? max(arrival, now) + limit.emissionInterval : arrival
            tables.rows.limits[charge.key] = (after, limit.emissionInterval)
            return RateLimitState(key: charge.key, arrival: after, tolerance: limit.tolerance, admitted: admitted)
        }
    }

    func giveBack(_ keys: [String], now: Int64) async throws {
        for key in keys {
            guard let entry = tables.rows.limits[key] else { continue }
            let arrival = entry.arrival - entry.emission
            tables.rows.limits[key] = arrival > now ? (arrival, entry.emission) : nil
        }
    }

    func clear(_ keys: [String]) async throws {
        for key in keys { tables.rows.limits[key] = nil }
    }
}
