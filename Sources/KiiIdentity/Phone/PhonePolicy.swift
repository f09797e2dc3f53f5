/// The service's choices about phone numbers.
///
/// The defaults are Kii's documented rule: mobile numbers only, and 10 to 15 digits in the
/// international number (calling code included). E.164 allows shorter numbers, and in 13
/// regions (the Falklands' `+50051234`, the Faroe Islands, Greenland, New Caledonia, Andorra,
/// ...) mobile numbers have 7 to 9 digits: a service that serves them lowers the minimum.
///
/// ```swift
/// let falklands = PhonePolicy(digitCount: 7...15)
/// try PhoneNumber(international: "+50051234", policy: falklands)
/// ```
public struct PhonePolicy: Sendable, Hashable, Codable {
    /// Accept only `MOBILE` and `FIXED_LINE_OR_MOBILE` numbers (default `true`).
    public var mobileOnly: Bool

    /// How many digits the international number may have, calling code included (default
    /// 10...15). Always within E.164's 1...15.
    public var digitCount: ClosedRange<Int> {
        didSet { digitCount = digitCount.clamped(to: Self.e164DigitCount) }
    }

    /// E.164's bounds on the digits of a number.
    public static let e164DigitCount = 1...15

    /// Where the verdict comes from: the compiled engine, or libphonenumber itself (the
    /// differential tests' oracle and the benchmark's previous engine). Not encoded.
    package var engine: PhoneResolver.Engine = .compiled

    private enum CodingKeys: String, CodingKey {
        case mobileOnly, digitCount
    }

    /// Creates a policy; `digitCount` is clamped to E.164's 1...15.
    public init(mobileOnly: Bool = true, digitCount: ClosedRange<Int> = 10...15) {
        self.mobileOnly = mobileOnly
        self.digitCount = digitCount.clamped(to: Self.e164DigitCount)
    }

    /// Kii's documented rule: mobile only, 10...15 digits.
    public static let `default` = PhonePolicy()

    /// Any number libphonenumber says is valid, of any type and any E.164 length.
    public static let anyValidNumber = PhonePolicy(mobileOnly: false, digitCount: e164DigitCount)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mobileOnly: try container.decode(Bool.self, forKey: .mobileOnly),
            digitCount: try container.decode(ClosedRange<Int>.self, forKey: .digitCount)
        )
    }
}
