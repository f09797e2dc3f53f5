import Foundation
import HTTPTypes
import Hummingbird
import KiiIdentity

/// What the resources' controllers share: the stores, the throttle, the hasher, the settings,
/// the clock, the body reader and the delivery of codes. Who the caller is, and whether the app
/// is this one, the route groups' middleware has settled before a handler runs.
struct ServiceContext: Sendable {
    let users: UserStore
    let tokens: TokenStore
    let codes: CodeStore
    let throttle: Throttle
    let hasher: any PasswordHashing
    let configuration: ServiceConfiguration
    let delivery: VerificationDelivery
    /// Unix seconds now.
    let clock: @Sendable () -> Int64

    var policy: RegistrationPolicy { configuration.policy }

    /// Reads request bodies within `MAX_BODY_BYTES`.
    var bodies: BodyReader { BodyReader(maximumBytes: configuration.maxBodyBytes) }

    // MARK: Verification codes

    /// A new code for each of `kinds` the record has: the digits to send and the row to store.
    static func issueCodes(
        for kinds: [LoginKind],
        of record: UserRecord,
        userID: String,
        now: Int64,
        lifetime: Int64
    ) -> [CodeToSend] {
        kinds.compactMap { kind in
            guard let value = record.uniquenessKeys[kind] else { return nil }
            let code = VerificationCode()
            let issued = IssuedCode(
                kind: kind,
                value: value,
                codeHash: code.hash(userID: userID, kind: kind),
                expiresAt: now + lifetime
            )
            return CodeToSend(kind: kind, code: code, issued: issued)
        }
    }

    /// ``issueCodes(for:of:userID:now:lifetime:)`` with the configured lifetime.
    func issueCodes(for kinds: [LoginKind], of record: UserRecord, userID: String, now: Int64) -> [CodeToSend] {
        Self.issueCodes(
            for: kinds,
            of: record,
            userID: userID,
            now: now,
            lifetime: configuration.verificationCodeLifetime
        )
    }

    /// Hands committed verification codes to the delivery.
    func deliver(_ codes: [CodeToSend], to userID: String) {
        for entry in codes {
            delivery.deliver(
                CodeMessage(
                    userID: userID,
                    purpose: .verification,
                    channel: entry.kind,
                    address: entry.issued.value,
                    code: entry.code
                )
            )
        }
    }
}

/// A code to send once its hash is committed.
struct CodeToSend: Sendable {
    var kind: LoginKind
    var code: VerificationCode
    var issued: IssuedCode
}
