import KiiIdentity
import Logging
import SQLKit

/// Schema version 7's rewrite of stored display names into their enforced form: earlier
/// releases of the library stored a name accepted under the nickname policy without NFKC's
/// canonical composition (`Jose` U+0301 stayed decomposed, conjoining jamo stayed apart), so
/// two names that look the same could be stored with different bytes.
///
/// The rows do not record the policy a name was accepted under: the service's configured
/// `DISPLAY_NAME_POLICY` is taken for it. Under `nickname` (the default) every stored name that
/// the policy accepts and whose enforced form (`DisplayName(name, policy: .nickname).normalized`)
/// differs from it byte for byte is rewritten; a name the policy refuses (stored under `kii`
/// before a switch) is kept as it is and counted. Under `kii` nothing is rewritten: names are
/// stored as given. Only the record's `displayName` member changes; NFKC is idempotent, so a
/// second run would change nothing.
enum DisplayNameMigration {
    /// What one run did.
    struct Outcome: Equatable {
        /// Names rewritten into their enforced form.
        var rewritten = 0
        /// Names the nickname policy refuses, kept as they were.
        var kept = 0
    }

    /// Rewrites the names in the migration's transaction.
    @discardableResult
    static func run(
        in database: any SQLDatabase,
        policy: DisplayNamePolicy,
        logger: Logger
    ) async throws -> Outcome {
        var outcome = Outcome()
        guard policy == .nickname else {
            logger.info("display names kept as given (DISPLAY_NAME_POLICY=kii)")
            return outcome
        }
        let rows = try await database.raw("SELECT user_id, record FROM users").all()
        for row in rows {
            let userID = try row.decode(column: "user_id", as: String.self)
            let record = try StoredUser.record(fromStoredText: try row.decode(column: "record", as: String.self))
            guard let stored = record.displayName?.normalized else { continue }
            guard let enforced = try? DisplayName(stored, policy: .nickname).normalized else {
                outcome.kept += 1
                continue
            }
            guard !enforced.utf8.elementsEqual(stored.utf8) else { continue }
            var members = record.json
            members[PredefinedMember.displayName.rawValue] = .string(enforced)
            let text = JSONValue.object(members).description
            // What the service reads back: a record the library wrote, nothing else changed.
            _ = try StoredUser.record(fromStoredText: text)
            try await database.raw(
                "UPDATE users SET record = \(bind: text) WHERE user_id = \(bind: userID)"
            ).run()
            outcome.rewritten += 1
        }
        logger.info(
            "display names enforced",
            metadata: ["names": "\(rows.count)", "rewritten": "\(outcome.rewritten)", "kept": "\(outcome.kept)"]
        )
        return outcome
    }
}
