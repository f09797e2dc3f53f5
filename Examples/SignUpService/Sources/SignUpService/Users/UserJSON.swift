import KiiIdentity

/// A stored user as Kii's API answers it (`UserDataRetrievalResponse`): the record's members
/// (Kii's names, the phone number in E.164), custom fields at the top level, and the server's
/// members: `userID`, `internalUserID`, `emailAddressVerified` and `phoneNumberVerified` (where
/// the user has that address), `_hasPassword`, `_disabled`, `createdAt` and `modifiedAt`
/// (milliseconds). Never the password or its hash. Every member beside the record's is a server
/// member of ``UserMember``'s table, so an update that sends this back changes none of them.
enum UserJSON {
    /// What the user themself reads: everything.
    static func owner(_ user: StoredUser) -> [String: JSONValue] {
        var members = user.record.json
        members["userID"] = .string(user.userID)
        members["internalUserID"] = .integer(Int(user.internalID))
        if user.record.email != nil, let verified = user.emailVerified {
            members["emailAddressVerified"] = .bool(verified)
        }
        if user.record.phone != nil, let verified = user.phoneVerified {
            members["phoneNumberVerified"] = .bool(verified)
        }
        members["_hasPassword"] = .bool(user.passwordHash != nil)
        members["_disabled"] = .bool(false)
        members["createdAt"] = .integer(Int(user.createdAt) * 1_000)
        members["modifiedAt"] = .integer(Int(user.modifiedAt) * 1_000)
        return members
    }

    /// What another user reads: by Kii's "Expose Full User Data to Others", everything, or the
    /// user ID, the username and the display name.
    static func others(_ user: StoredUser, exposeFullUserData: Bool) -> [String: JSONValue] {
        if exposeFullUserData { return owner(user) }
        var members = user.record.visibleToOthers(exposeFullUserData: false).json
        members["userID"] = .string(user.userID)
        return members
    }
}
