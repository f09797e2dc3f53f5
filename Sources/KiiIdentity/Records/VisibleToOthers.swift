extension UserRecord {
    /// The members of a user that another user may read when "Expose Full User Data to Others"
    /// is off: the username and the display name.
    ///
    /// Kii also returns the user ID, which is the server's and not part of a record.
    public static let membersVisibleToOthers: Set<String> = [
        PredefinedMember.loginName.rawValue, PredefinedMember.displayName.rawValue,
    ]

    /// What another user may read of this user, by Kii's "Expose Full User Data to Others"
    /// option.
    ///
    /// With the option on, the record as stored. With it off (Kii's default), only the username
    /// and the display name, when the user has them: the email address, phone number, country,
    /// locale and every custom field are left out, so the encoded view has no other member.
    /// The user themself reads the whole record; this view is for everybody else.
    ///
    /// ```swift
    /// let stored = try UserRecord(json: ["loginName": "ann", "emailAddress": "ann@example.com"])
    /// stored.visibleToOthers(exposeFullUserData: policy.exposeFullUserData).json
    /// // ["loginName": "ann"] with the option off
    /// ```
    ///
    /// - Parameter exposeFullUserData: the service's option, usually
    ///   ``RegistrationPolicy/exposeFullUserData``.
    /// - Returns: the record another user may read.
    public func visibleToOthers(exposeFullUserData: Bool) -> UserRecord {
        if exposeFullUserData { return self }
        return UserRecord(
            username: username,
            email: nil,
            phone: nil,
            fields: Fields(displayName: displayName, country: nil, locale: nil, custom: [:])
        )
    }
}
