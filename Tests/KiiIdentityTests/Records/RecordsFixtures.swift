import KiiIdentity

/// Sample values shared by the Records suites.
enum RecordsSample {
    static let username = "User_1"
    static let email = "Ann.Lee@Example.COM"
    /// A valid US number (San Francisco area code); US numbers are FIXED_LINE_OR_MOBILE, so a
    /// mobile-only policy accepts them.
    static let phone = "+14155552671"
    static let phoneREST = "US-4155552671"
    static let phoneTyped = "(415) 555-2671"
    static let password = "Zq9#unique-Secret!42"
}
