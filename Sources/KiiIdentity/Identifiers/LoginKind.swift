/// What a user can log in with: the three identifiers of Kii's registration table.
///
/// Always listed in this order: username, email address, phone number.
public enum LoginKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// The username (`loginName`).
    case username
    /// The email address (`emailAddress`).
    case email
    /// The phone number (`phoneNumber`).
    case phone

    /// The field of the user record this kind logs in with.
    public var field: ValidationError.Field {
        switch self {
        case .username: .username
        case .email: .emailAddress
        case .phone: .phoneNumber
        }
    }

    /// Username < email < phone, the order of the documented table.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public var description: String { rawValue }
}
