/// What a login form's text names: the identifiers to look up, in order, and their keys.
///
/// A login request carries what the user typed and, often, the country a form selected. This
/// reads them as a service's user table stores identifiers (see ``UniquenessKey``):
/// - `EMAIL:<email>` and `PHONE:<number>` (a REST login body's qualified forms): that one
///   identifier;
/// - text containing `@`: an email address;
/// - text starting with `+`: an international phone number (the country is not needed);
/// - a REST local form, `US-4155552671`: that phone number, then the same text as a username;
/// - ASCII digits with a country: a local phone number of that country, then the same text as
///   a username, so that a digits-only username can still log in from a form that always
///   sends a country;
/// - anything else: a username.
///
/// Where the text has two readings, ``candidates`` lists the valid ones in that order, and the
/// user is the owner of the first key found (a phone number wins over a username that is
/// spelled like it). When no reading is valid, the first reading's problems are thrown.
///
/// An email address is looked up by its key, lowercased whole (``EmailAddress/key``): the
/// case of the local part does not matter, as it does not at sign-up (``UniquenessKeys``).
///
/// ```swift
/// let policy = RegistrationPolicy()   // the service's sign-up policy
/// let lookup = try LoginLookup("09012345678", country: "JP", policy: policy)
/// lookup.keys   // [phone=+819012345678, username=09012345678]
/// // SELECT user_id, kind FROM user_keys WHERE (kind, value) IN (...): take the first key's user
/// try LoginLookup("US-4155552671", policy: policy).keys    // [phone=+14155552671, username=us-4155552671]
/// try LoginLookup("Ann@Example.com", policy: policy).keys  // [email=ann@example.com]
/// ```
public struct LoginLookup: Sendable, Hashable, CustomStringConvertible {
    /// The valid readings of the text, in the order to look them up; one or two.
    public let candidates: [LoginIdentifier]

    /// The key of each candidate, in order: look them all up; the first one stored names the user.
    public var keys: [UniquenessKey] { candidates.map { $0.key } }

    /// The kind of the first reading: what the text is first taken for.
    public var kind: IdentifierKind { candidates[0].kind }

    /// Reads what a user typed to log in.
    ///
    /// - Parameters:
    ///   - text: the identifier as typed (a username, an email address, a phone number in any
    ///     strict form, or a qualified `EMAIL:`/`PHONE:` form).
    ///   - country: the region a local phone number is read in, when the form sends one.
    ///   - policy: the policy the service signs users up with: its phone rules read the number,
    ///     so that every number a user could sign up with is found. It has no default, so that a
    ///     service with its own phone rules cannot log in with other ones by mistake.
    /// - Throws: ``ValidationError``: `missing` (field `identifier`) for empty text, `too_long`
    ///   past ``LoginIdentifier/maximumBytes`` plus a 6-byte prefix, otherwise the problems of
    ///   the first reading when no reading is valid.
    /// - Complexity: O(*n*), O(1) past the maximum length.
    public init(
        _ text: String,
        country: String? = nil,
        policy: RegistrationPolicy
    )
        throws(ValidationError)
    {
        let phonePolicy = policy.phonePolicy
        let maximum = LoginIdentifier.maximumBytes + LoginIdentifier.emailPrefix.utf8.count
        if text.utf8.count > maximum { throw LoginIdentifier.tooLong(maximum: maximum) }
        if text.hasPrefix(LoginIdentifier.emailPrefix) || text.hasPrefix(LoginIdentifier.phonePrefix) {
            candidates = [try LoginIdentifier(qualified: text, policy: phonePolicy)]
            return
        }
        guard let kind = LoginIdentifier.classify(text, country: country) else {
            throw ValidationError(.identifier, .missing)
        }
        // Local digits with a country (`.localPhone`) or a REST local form: a phone number, then
        // a username.
        let form = PhoneInputForm(text)
        guard kind == .localPhone || (kind == .username && form == .rest) else {
            candidates = [try LoginIdentifier(text, country: country, policy: phonePolicy)]
            return
        }
        let username = (try? Username(text)).map { LoginIdentifier(username: $0, given: text) }
        do throws(ValidationError) {
            let phone = try form.number(text, country: country, policy: phonePolicy)
            candidates = [LoginIdentifier(kind: .localPhone, value: .phone(phone))] + (username.map { [$0] } ?? [])
        } catch {
            guard let username else { throw error }
            candidates = [username]
        }
    }

    /// `LoginLookup(phone=+819012345678, username=09012345678)`.
    public var description: String {
        "LoginLookup(" + keys.map(\.description).joined(separator: ", ") + ")"
    }
}
