extension ValidationError {
    /// What a problem is about: one of the predefined user fields, named by its Kii JSON name.
    ///
    /// The raw value is the JSON member name of the Kii request body (`loginName`,
    /// `emailAddress`, ...; a ``PredefinedMember``'s ``PredefinedMember/field``); ``label`` is the
    /// human name a reason reads after.
    public struct Field: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The JSON member name, such as `loginName`.
        public let rawValue: String

        /// Creates a field from its JSON member name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The username (`loginName`).
        public static let username = Field(rawValue: PredefinedMember.loginName.rawValue)
        /// The email address (`emailAddress`).
        public static let emailAddress = Field(rawValue: PredefinedMember.emailAddress.rawValue)
        /// The phone number (`phoneNumber`).
        public static let phoneNumber = Field(rawValue: PredefinedMember.phoneNumber.rawValue)
        /// The password (`password`).
        public static let password = Field(rawValue: PredefinedMember.password.rawValue)
        /// The display name (`displayName`).
        public static let displayName = Field(rawValue: PredefinedMember.displayName.rawValue)
        /// The country (`country`).
        public static let country = Field(rawValue: PredefinedMember.country.rawValue)
        /// The locale (`locale`).
        public static let locale = Field(rawValue: PredefinedMember.locale.rawValue)
        /// A login identifier before it is known to be a username, an email or a phone number.
        public static let identifier = Field(rawValue: "identifier")
        /// The custom fields of a user (`custom`); the reason names the member.
        public static let customFields = Field(rawValue: "custom")
        /// The record as a whole (for example, one without any identifier).
        public static let user = Field(rawValue: "user")
        /// A whole line of input (not JSON, not an object, too long, not UTF-8).
        public static let line = Field(rawValue: "line")
        /// A JSON text as a whole (one that is not valid JSON, or repeats a member).
        public static let json = Field(rawValue: "json")
        /// The user ID the server assigns (`userID`).
        public static let userID = Field(rawValue: PredefinedMember.userID.rawValue)
        /// The internal user ID the server assigns (`internalUserID`).
        public static let internalUserID = Field(rawValue: PredefinedMember.internalUserID.rawValue)
        /// The server's email verified flag (`emailAddressVerified`).
        public static let emailAddressVerified = Field(rawValue: PredefinedMember.emailAddressVerified.rawValue)
        /// The server's phone verified flag (`phoneNumberVerified`).
        public static let phoneNumberVerified = Field(rawValue: PredefinedMember.phoneNumberVerified.rawValue)

        /// The English name a reason reads after: "username", "email address", ...
        public var label: String { label(in: .english) }

        public var description: String { rawValue }
    }
}
