import KiiIdentity

/// A stored user as the API answers it: the record's members (Kii's names), `userID`, and the
/// verification flags of the identifiers shown. Never the password or its hash.
enum UserJSON {
    /// What the user themself reads: everything.
    static func owner(_ user: StoredUser) -> JSONValue {
        var members = user.record.json
        members["userID"] = .string(user.userID)
        addFlags(of: user, to: &members)
        return .object(members)
    }

    /// What another user reads: by Kii's "Expose Full User Data to Others", everything, or the
    /// username and the display name (plus the user ID).
    static func others(_ user: StoredUser, exposeFullUserData: Bool) -> JSONValue {
        var members = user.record.visibleToOthers(exposeFullUserData: exposeFullUserData).json
        members["userID"] = .string(user.userID)
        if exposeFullUserData { addFlags(of: user, to: &members) }
        return .object(members)
    }

    /// `emailAddressVerified` and `phoneNumberVerified`, where the user has that identifier.
    private static func addFlags(of user: StoredUser, to members: inout [String: JSONValue]) {
        if user.record.email != nil, let verified = user.emailVerified {
            members["emailAddressVerified"] = .bool(verified)
        }
        if user.record.phone != nil, let verified = user.phoneVerified {
            members["phoneNumberVerified"] = .bool(verified)
        }
    }
}
