import Logging
import SQLKit

/// Schema version 7's rebuild of the email keys: each stored `email` key lowercased whole (the
/// library's `EmailAddress.key`; the domain was lowercased already), so that the local part's
/// case no longer tells users apart.
///
/// Two users whose addresses differ only in case now share one key: the older user (by
/// `created_at`, then `internal_id`) keeps it, the later one loses its key row and is named in
/// the log at `warning` (by user ID, never by address). Both keep working: the later user
/// keeps its address in its record and logs in with its username or phone number, but not by
/// email until it changes its address. Waiting verification codes are kept, their address
/// lowercased the same way (a code is checked against the user's current key).
enum EmailKeyMigration {
    /// Rebuilds the keys in the migration's transaction; returns the collisions' count.
    @discardableResult
    static func run(in database: any SQLDatabase, logger: Logger) async throws -> Int {
        let rows = try await database.raw(
            """
            SELECT k.user_id, k.value FROM identity_keys k JOIN users u ON u.user_id = k.user_id
            WHERE k.kind = 'email' ORDER BY u.created_at, u.internal_id, u.user_id
            """
        ).all()
        var holders: [String: String] = [:]  // new key: the user keeping it
        var renamed: [(from: String, to: String)] = []
        var dropped: [(value: String, userID: String, holder: String)] = []
        for row in rows {
            let userID = try row.decode(column: "user_id", as: String.self)
            let value = try row.decode(column: "value", as: String.self)
            let key = asciiLowercased(value)
            if let holder = holders[key] {
                dropped.append((value, userID, holder))
                continue
            }
            holders[key] = userID
            if key != value { renamed.append((value, key)) }
        }
        // The later users' rows go first, so that no new key meets an old row of its value.
        for entry in dropped {
            try await database.raw(
                "DELETE FROM identity_keys WHERE kind = 'email' AND value = \(bind: entry.value)"
            ).run()
            logger.warning(
                "email key collision: the later user keeps its address but cannot log in by email until it changes it",
                metadata: ["user_id": "\(entry.userID)", "key_holder": "\(entry.holder)"]
            )
        }
        for entry in renamed {
            try await database.raw(
                "UPDATE identity_keys SET value = \(bind: entry.to) WHERE kind = 'email' AND value = \(bind: entry.from)"
            ).run()
        }
        let codes = try await database.raw("SELECT user_id, value FROM verification_codes WHERE kind = 'email'").all()
        for row in codes {
            let userID = try row.decode(column: "user_id", as: String.self)
            let value = try row.decode(column: "value", as: String.self)
            let key = asciiLowercased(value)
            guard key != value else { continue }
            try await database.raw(
                """
                UPDATE verification_codes SET value = \(bind: key)
                WHERE user_id = \(bind: userID) AND kind = 'email'
                """
            ).run()
        }
        logger.info(
            "email keys lowercased",
            metadata: ["keys": "\(rows.count)", "rewritten": "\(renamed.count)", "collisions": "\(dropped.count)"]
        )
        return dropped.count
    }

    /// `text` with its ASCII capitals lowered (an email key is ASCII).
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
