import KiiIdentity

/// Who writes each member of a user's JSON, in one table: the client, the server, or nobody but
/// the app (a custom field). Every body the service reads as a user (sign-up, update, upgrade)
/// is sorted by it (``KiiUserBody``), and every member the service answers with
/// (``UserJSON``) is in it.
///
/// | Member | Writer | In a sign-up | In an update |
/// |---|---|---|---|
/// | `loginName`, `emailAddress`, `phoneNumber`, `displayName`, `country`, `locale` | client | read | read |
/// | `password` | client | read | refused (`reserved_name`), except in an upgrade |
/// | `userID`, `internalUserID`, `emailAddressVerified`, `phoneNumberVerified` | server | refused (`reserved_name`) | ignored |
/// | `createdAt`, `modifiedAt` | server | ignored | ignored |
/// | `_` and anything (`_hasPassword`, `_disabled`, `_accessToken`, ...) | server | ignored | ignored |
/// | any other name | custom | read | read: the whole set of custom fields |
///
/// The predefined members and which of them the server sets are the library's table
/// (`PredefinedMember`, `PredefinedMember.isSetByServer`); the rest are the service's own. Kii
/// ignores server members in an update, and its SDKs send back the whole user they last read
/// (Unity's `KiiUser.Update` and `PutIdentity`, the JavaScript SDKs' `save`), so an update that
/// echoes them changes nothing of them. In a sign-up the library refuses Kii's predefined server
/// members as custom names; the service's timestamps and `_` members are dropped there too.
///
/// ```swift
/// UserMember(name: "displayName")           // .client(.displayName)
/// UserMember(name: "emailAddressVerified")  // .server
/// UserMember(name: "HighScore")             // .custom
/// ```
enum UserMember: Equatable {
    /// A predefined member a client writes.
    case client(PredefinedMember)
    /// A member only the server sets.
    case server
    /// A custom field.
    case custom

    /// Whether `name` is one of the service's own members beside Kii's predefined ones: the
    /// times in milliseconds.
    static func isServiceTime(_ name: String) -> Bool { name == "createdAt" || name == "modifiedAt" }

    /// The member named `name`.
    init(name: String) {
        if let member = PredefinedMember(rawValue: name) {
            self = member.isSetByServer ? .server : .client(member)
        } else if name.utf8.first == UInt8(ascii: "_") || Self.isServiceTime(name) {
            self = .server
        } else {
            self = .custom
        }
    }

    /// Whether a body's member of this name is dropped before the library reads it: every server
    /// member in an update; in a sign-up, the service's own (Kii's predefined server members
    /// are left to the library, which refuses them).
    static func isIgnored(_ name: String, update: Bool) -> Bool {
        guard update else {
            // The service's own: no predefined member starts with `_` or is one of its times.
            return name.utf8.first == UInt8(ascii: "_") || isServiceTime(name)
        }
        guard case .server = UserMember(name: name) else { return false }
        return true
    }
}
