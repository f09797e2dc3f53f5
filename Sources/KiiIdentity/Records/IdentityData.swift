/// The identifiers of a user as given: a username, an email address, a phone number, or
/// several of them. Nothing is validated until a registration, an upgrade or an update reads it,
/// so that every problem of the record is reported at once.
///
/// The phone number is one of the strict forms of a stored or API value:
/// - international, `+819012345678` (E.164);
/// - REST local form, `JP-9012345678`;
/// - local digits, `09012345678`, read in the user's country (the ``UserFields/country`` of a
///   registration, the `country` of an upgrade or update).
///
/// A number typed by a person (`(415) 555-2671`, `+81 90-1234-5678`) goes through
/// ``init(username:email:typedPhone:phoneCountry:)`` instead. A local or typed number is read in
/// ``phoneCountry`` when it is given (the country a form selected for the number), else in the
/// user's country; the user's `country` field is never filled in from it.
///
/// ```swift
/// let identity = IdentityData(username: "User_1", phone: "JP-9012345678")
/// let typed = IdentityData(email: "ann@example.com", typedPhone: "(415) 555-2671")
/// ```
public struct IdentityData: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The username as given, or `nil`.
    public var username: String?
    /// The email address as given, or `nil`.
    public var email: String?
    /// The phone number as given, or `nil`.
    public var phone: String?
    /// Whether ``phone`` is what a person typed (lenient) rather than a strict form.
    public var phoneIsTyped: Bool
    /// The country the phone number is read in when it is local, if not the user's; `nil`
    /// reads it in the user's country.
    public var phoneCountry: String?

    /// Identity data with the phone number in a strict form (international, REST, or local
    /// digits of `phoneCountry` or of the user's country).
    public init(username: String? = nil, email: String? = nil, phone: String? = nil, phoneCountry: String? = nil) {
        self.username = username
        self.email = email
        self.phone = phone
        self.phoneIsTyped = false
        self.phoneCountry = phoneCountry
    }

    /// Identity data with a phone number as a person typed it: spaces, `-`, `.`, `(`, `)`,
    /// Unicode dashes and full-width digits are allowed (see
    /// ``PhoneNumber/init(userInput:country:policy:)``), read in `phoneCountry` when it is
    /// local and given, else in the user's country.
    public init(username: String? = nil, email: String? = nil, typedPhone: String?, phoneCountry: String? = nil) {
        self.username = username
        self.email = email
        self.phone = typedPhone
        self.phoneIsTyped = typedPhone != nil
        self.phoneCountry = phoneCountry
    }

    /// The kinds of identifier given (present, even if empty or invalid), in table order.
    public var givenKinds: [LoginKind] {
        var kinds: [LoginKind] = []
        if username != nil { kinds.append(.username) }
        if email != nil { kinds.append(.email) }
        if phone != nil { kinds.append(.phone) }
        return kinds
    }

    /// Whether no identifier is given.
    public var isEmpty: Bool { username == nil && email == nil && phone == nil }

    /// `IdentityData(username: "User_1", email: nil, phone: "JP-9012345678")`.
    public var description: String {
        func show(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }
        return "IdentityData(username: \(show(username)), email: \(show(email)), "
            + "\(phoneIsTyped ? "typedPhone" : "phone"): \(show(phone))"
            + (phoneCountry.map { ", phoneCountry: \(show($0)))" } ?? ")")
    }

    /// The members of the encoded form: Kii's names for the identifiers.
    private enum Keys {
        static let username = JSONMemberKey(.loginName)
        static let email = JSONMemberKey(.emailAddress)
        static let phone = JSONMemberKey(.phoneNumber)
        static let phoneIsTyped = JSONMemberKey("phoneIsTyped")
        static let phoneCountry = JSONMemberKey("phoneCountry")
    }

    /// Decodes `{"loginName": ..., "emailAddress": ..., "phoneNumber": ..., "phoneIsTyped": ...,
    /// "phoneCountry": ...}`, every member optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONMemberKey.self)
        username = try container.decodeIfPresent(String.self, forKey: Keys.username)
        email = try container.decodeIfPresent(String.self, forKey: Keys.email)
        phone = try container.decodeIfPresent(String.self, forKey: Keys.phone)
        phoneIsTyped = try container.decodeIfPresent(Bool.self, forKey: Keys.phoneIsTyped) ?? false
        phoneCountry = try container.decodeIfPresent(String.self, forKey: Keys.phoneCountry)
    }

    /// Encodes the members that are present (`phoneIsTyped` only when true).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONMemberKey.self)
        try container.encodeIfPresent(username, forKey: Keys.username)
        try container.encodeIfPresent(email, forKey: Keys.email)
        try container.encodeIfPresent(phone, forKey: Keys.phone)
        if phoneIsTyped { try container.encode(true, forKey: Keys.phoneIsTyped) }
        try container.encodeIfPresent(phoneCountry, forKey: Keys.phoneCountry)
    }
}
