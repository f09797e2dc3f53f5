/// The one Kii app this service is: its ID (in every path, `/api/apps/{appID}/…`) and its key,
/// as a Kii SDK is initialised with them (`Kii.initializeWithSite(appID, appKey, baseURL)`).
public struct KiiApp: Sendable, Hashable {
    /// The app ID (`KII_APP_ID`).
    public var id: String
    /// The app key (`KII_APP_KEY`).
    public var key: String

    /// An app.
    public init(id: String, key: String) {
        self.id = id
        self.key = key
    }

    /// The app of a development set-up without `KII_APP_ID` and `KII_APP_KEY` (printed at start).
    public static let development = KiiApp(id: "signupdev", key: "signupdev-key")

    /// Whether `text` may be an app ID or key: 1 to 64 ASCII letters, digits, `-` and `_` (what
    /// goes in a path segment and a header without escaping).
    static func isWellFormed(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }
}
