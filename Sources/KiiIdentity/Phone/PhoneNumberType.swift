internal import CPhoneNumberShims

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

    init(shimValue: Int32) {
        switch Int(shimValue) {
        case CPhoneNumberShims_FIXED_LINE: self = .fixedLine
        case CPhoneNumberShims_MOBILE: self = .mobile
        case CPhoneNumberShims_FIXED_LINE_OR_MOBILE: self = .fixedLineOrMobile
        case CPhoneNumberShims_TOLL_FREE: self = .tollFree
        case CPhoneNumberShims_PREMIUM_RATE: self = .premiumRate
        case CPhoneNumberShims_SHARED_COST: self = .sharedCost
        case CPhoneNumberShims_VOIP: self = .voip
        case CPhoneNumberShims_PERSONAL_NUMBER: self = .personalNumber
        case CPhoneNumberShims_PAGER: self = .pager
        case CPhoneNumberShims_UAN: self = .uan
        case CPhoneNumberShims_VOICEMAIL: self = .voicemail
        default: self = .unknown
        }
    }

    var shimValue: Int32 {
        switch self {
        case .fixedLine: Int32(CPhoneNumberShims_FIXED_LINE)
        case .mobile: Int32(CPhoneNumberShims_MOBILE)
        case .fixedLineOrMobile: Int32(CPhoneNumberShims_FIXED_LINE_OR_MOBILE)
        case .tollFree: Int32(CPhoneNumberShims_TOLL_FREE)
        case .premiumRate: Int32(CPhoneNumberShims_PREMIUM_RATE)
        case .sharedCost: Int32(CPhoneNumberShims_SHARED_COST)
        case .voip: Int32(CPhoneNumberShims_VOIP)
        case .personalNumber: Int32(CPhoneNumberShims_PERSONAL_NUMBER)
        case .pager: Int32(CPhoneNumberShims_PAGER)
        case .uan: Int32(CPhoneNumberShims_UAN)
        case .voicemail: Int32(CPhoneNumberShims_VOICEMAIL)
        case .unknown: Int32(CPhoneNumberShims_UNKNOWN)
        }
    }
}
