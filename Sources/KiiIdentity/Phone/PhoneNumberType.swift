/// The type libphonenumber gives a valid number; raw values are libphonenumber's names.
public enum PhoneNumberType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A landline.
    case fixedLine = "FIXED_LINE"
    /// A mobile number.
    case mobile = "MOBILE"
    /// Either (the US and Canada cannot tell them apart).
    case fixedLineOrMobile = "FIXED_LINE_OR_MOBILE"
    /// Free to call.
    case tollFree = "TOLL_FREE"
    /// Premium rate.
    case premiumRate = "PREMIUM_RATE"
    /// Cost shared between caller and recipient.
    case sharedCost = "SHARED_COST"
    /// Voice over IP.
    case voip = "VOIP"
    /// A personal number routed to another.
    case personalNumber = "PERSONAL_NUMBER"
    /// A pager.
    case pager = "PAGER"
    /// Universal access number (a company's).
    case uan = "UAN"
    /// Voicemail access.
    case voicemail = "VOICEMAIL"
    /// Not a valid number.
    case unknown = "UNKNOWN"

    /// Whether the mobile-only policy accepts this type (`MOBILE`, `FIXED_LINE_OR_MOBILE`).
    public var isMobile: Bool { self == .mobile || self == .fixedLineOrMobile }

    /// How a reason names the type: "toll-free", "VoIP", ...
    public var description: String {
        switch self {
        case .fixedLine: "landline"
        case .mobile: "mobile"
        case .fixedLineOrMobile: "landline or mobile"
        case .tollFree: "toll-free"
        case .premiumRate: "premium-rate"
        case .sharedCost: "shared-cost"
        case .voip: "VoIP"
        case .personalNumber: "personal"
        case .pager: "pager"
        case .uan: "universal access (UAN)"
        case .voicemail: "voicemail"
        case .unknown: "unknown"
        }
    }
}
