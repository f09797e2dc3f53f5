/// Kii's registration table: which combinations of identifiers may sign up under which
/// verification settings, and what each user can log in with.
///
/// | username | email | phone | allowed when | logs in with |
/// |---|---|---|---|---|
/// | yes | any | any | always | username, and each email / phone given |
/// | - | - | yes | phone verification off (*1) | phone |
/// | - | yes | - | email verification off (*2) | email |
/// | - | yes | yes | email or phone verification off (*3) | email, phone |
///
/// The footnotes exist because a new user must be able to log in at once: an identifier whose
/// verification is on cannot be used until it is verified, so at least one identifier must be
/// usable immediately (a username always is).
///
/// ```swift
/// RegistrationTable.problem(for: [.email], policy: RegistrationPolicy(emailVerification: true))
/// // user has only an email address, so email verification must be off (...)
/// ```
public enum RegistrationTable {
    /// The footnote error for `kinds` under `policy`, or `nil` when the combination may sign up.
    ///
    /// An empty `kinds` gives `no_identifier`; a footnote gives `verification_conflict` naming
    /// which verification to turn off. Both are about the field `user`.
    public static func problem(for kinds: [LoginKind], policy: RegistrationPolicy) -> ValidationError.Problem? {
        problem(
            username: kinds.contains(.username),
            email: kinds.contains(.email),
            phone: kinds.contains(.phone),
            policy: policy
        )
    }

    /// ``problem(for:policy:)`` for the identifiers given, without an array of them.
    static func problem(
        username: Bool,
        email: Bool,
        phone: Bool,
        policy: RegistrationPolicy
    ) -> ValidationError.Problem? {
        func conflict(_ conflict: ValidationError.RecordDetail.VerificationConflict) -> ValidationError.Problem {
            ValidationError.Problem(field: .user, .verificationConflict(conflict))
        }
        if username { return nil }
        switch (email, phone) {
        case (false, false):
            return ValidationError.Problem(field: .user, .noIdentifier)
        case (false, true) where policy.phoneVerification:
            return conflict(.onlyPhoneNumber)
        case (true, false) where policy.emailVerification:
            return conflict(.onlyEmailAddress)
        case (true, true) where policy.emailVerification && policy.phoneVerification:
            return conflict(.emailAddressAndPhoneNumber)
        default:
            return nil
        }
    }

    /// What a user with `kinds` can log in with once verified: every identifier given, in
    /// table order (the documentation's "identifier accepted" column).
    public static func loginKinds(for kinds: [LoginKind]) -> [LoginKind] {
        Kinds(kinds).inTableOrder
    }

    /// The identifiers among `kinds` that wait for verification under `policy` before they can
    /// be used to log in.
    public static func awaitingVerification(for kinds: [LoginKind], policy: RegistrationPolicy) -> [LoginKind] {
        awaitingVerification(for: Kinds(kinds), policy: policy)
    }

    /// The initial `emailAddressVerified` / `phoneNumberVerified` flag for `kind`: `nil` when the
    /// identifier is absent, `false` when its verification is on, `true` when it is off.
    public static func verifiedFlag(_ kind: LoginKind, of kinds: [LoginKind], policy: RegistrationPolicy) -> Bool? {
        verifiedFlag(kind, of: Kinds(kinds), policy: policy)
    }

    /// ``awaitingVerification(for:policy:)-([LoginKind],_)`` of a set of kinds.
    static func awaitingVerification(for kinds: Kinds, policy: RegistrationPolicy) -> [LoginKind] {
        Kinds(
            username: false,
            email: kinds.contains(.email) && policy.requiresVerification(of: .email),
            phone: kinds.contains(.phone) && policy.requiresVerification(of: .phone)
        ).inTableOrder
    }

    /// ``verifiedFlag(_:of:policy:)-(_,[LoginKind],_)`` of a set of kinds.
    static func verifiedFlag(_ kind: LoginKind, of kinds: Kinds, policy: RegistrationPolicy) -> Bool? {
        kinds.contains(kind) ? !policy.requiresVerification(of: kind) : nil
    }

    /// A set of identifier kinds as three bits (1 username, 2 email, 4 phone), which the table
    /// reads without searching an array.
    struct Kinds {
        let bits: Int

        init(username: Bool, email: Bool, phone: Bool) {
            bits =
                (username ? Self.bit(.username) : 0) | (email ? Self.bit(.email) : 0) | (phone ? Self.bit(.phone) : 0)
        }

        init(_ kinds: [LoginKind]) {
            self.init(username: kinds.contains(.username), email: kinds.contains(.email), phone: kinds.contains(.phone))
        }

        /// The kinds of identifier `record` has (``UserRecord/identifierKinds``).
        init(of record: borrowing UserRecord) {
            self.init(username: record.username != nil, email: record.email != nil, phone: record.phone != nil)
        }

        func contains(_ kind: LoginKind) -> Bool { bits & Self.bit(kind) != 0 }

        /// The bit of `kind`: its place in table order.
        private static func bit(_ kind: LoginKind) -> Int {
            switch kind {
            case .username: 1
            case .email: 2
            case .phone: 4
            }
        }

        /// The kinds in table order: one of eight arrays made once, so that a registration
        /// allocates none.
        var inTableOrder: [LoginKind] { Kinds.combinations[bits] }

        /// Every subset of the kinds, in table order, by bits.
        private static let combinations: [[LoginKind]] = (0..<8).map { bits in
            LoginKind.allCases.filter { bits & bit($0) != 0 }
        }
    }
}
