/// The identifiers of a user after an update, checked: the username kept or added, a new email
/// address or phone number in place of the old one.
struct IdentifierChange {
    var username: Username?
    var email: EmailAddress?
    var phone: PhoneNumber?
}

extension RecordChecker {
    /// The identifiers of `user` with `changes` applied: a different username is `immutable`
    /// (another case is no change; a user without one may add one), and new values equal to the
    /// stored ones are no change.
    ///
    /// - Parameters:
    ///   - country: the country a local phone number is read in.
    ///   - countryGiven: a country was given for this update (its own problems are reported
    ///     by the caller), so a local number adds no `needs_country` problem.
    mutating func identifierChange(
        of user: UserRecord,
        to changes: IdentityData,
        country: CountryCode?,
        countryGiven: Bool,
        policy: PhonePolicy
    ) -> IdentifierChange {
        var change = IdentifierChange(username: user.username, email: user.email, phone: user.phone)
        if let raw = changes.username {
            if let current = user.username {
                if (try? Username(raw)) != current {
                    add(.username, .usernameImmutable(current: current.normalized))
                }
            } else if let new = field(Username.self, raw) {
                change.username = new
            }
        }
        if let new = field(EmailAddress.self, changes.email), new != user.email {
            change.email = new
        }
        if let new = phone(
            of: changes,
            country: country,
            countryGiven: countryGiven,
            policy: policy
        ), new != user.phone {
            change.phone = new
        }
        return change
    }
}
