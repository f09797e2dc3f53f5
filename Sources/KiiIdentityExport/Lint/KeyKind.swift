package import KiiIdentity

/// The kinds of key `lint` keeps in its ``ConflictTable``: the three login kinds, whose shared
/// values are conflicts, and the username's lookalike key (``Username/lookalikeKey``), whose
/// shared values give the ``LookalikeGroup``s.
package enum KeyKind: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case username, email, phone
    /// ``UniquenessKeys/usernameLookalike``.
    case usernameLookalike

    /// The kind of a login key.
    package init(_ kind: LoginKind) {
        switch kind {
        case .username: self = .username
        case .email: self = .email
        case .phone: self = .phone
        }
    }

    /// The login kind, `nil` for the lookalike key.
    package var loginKind: LoginKind? {
        switch self {
        case .username: .username
        case .email: .email
        case .phone: .phone
        case .usernameLookalike: nil
        }
    }

    /// Table order: username, email, phone, then the lookalike key.
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    private var order: Int {
        switch self {
        case .username: 0
        case .email: 1
        case .phone: 2
        case .usernameLookalike: 3
        }
    }

    package var description: String { rawValue }
}
