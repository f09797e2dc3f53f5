import SQLKit

/// ``RememberedAddressRepository`` in SQL.
struct SQLRememberedAddressRepository: RememberedAddressRepository {
    let database: any SQLDatabase

    func remembers(_ address: String, of account: String, now: Int64) async throws -> Bool {
        try await database.raw(
            """
            SELECT 1 AS found FROM remembered_addresses
            WHERE user_id = \(bind: account) AND address = \(bind: address) AND expires_at > \(bind: now)
            """
        ).first() != nil
    }

    func remember(_ address: String, of userID: String, until expiresAt: Int64, keeping count: Int) async throws {
        try await database.raw(
            """
            INSERT INTO remembered_addresses (user_id, address, expires_at)
            VALUES (\(bind: userID), \(bind: address), \(bind: expiresAt))
            ON CONFLICT (user_id, address) DO UPDATE SET expires_at = excluded.expires_at
            """
        ).run()
        try await database.raw(
            """
            DELETE FROM remembered_addresses WHERE user_id = \(bind: userID) AND address NOT IN (
                SELECT address FROM remembered_addresses WHERE user_id = \(bind: userID)
                ORDER BY expires_at DESC, address LIMIT \(bind: count)
            )
            """
        ).run()
    }
}
