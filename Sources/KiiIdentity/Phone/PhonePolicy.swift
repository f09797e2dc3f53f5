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

    /// Whose numbering plans decide: the metadata bundled in this library (the default), or the
    /// installed libphonenumber's (``PhoneMetadataSource``).
    public var metadata: PhoneMetadataSource

    /// Whether a record's phone number that is refused in every strict form only for its
    /// characters (`(415) 555-2671`, `+81 90-8765-4321`, `090-3333-4444`) is read as a person
    /// typed it (``PhoneNumber/init(userInput:country:policy:)``) and stored in E.164. Off by
    /// default (Kii's wire takes strict forms only).
    public var acceptsTypedInput: Bool

    /// Where the verdict comes from: the compiled engine on the policy's metadata (the tests
    /// and the benchmark ask libphonenumber itself through ``PhoneEngineProbe``).
    package var engine: PhoneResolver.Engine { .compiled(metadata.kind) }

    private enum CodingKeys: String, CodingKey {
        case mobileOnly, digitCount, metadata, acceptsTypedInput
    }

    /// Creates a policy; `digitCount` is clamped to E.164's 1...15.
    public init(
        mobileOnly: Bool = true,
        digitCount: ClosedRange<Int> = 10...15,
        metadata: PhoneMetadataSource = .bundled,
        acceptsTypedInput: Bool = false
    ) {
        self.mobileOnly = mobileOnly
        self.digitCount = digitCount.clamped(to: Self.e164DigitCount)
        self.metadata = metadata
        self.acceptsTypedInput = acceptsTypedInput
    }

    /// Kii's documented rule: mobile only, 10...15 digits.
    public static let `default` = PhonePolicy()

    /// Any number libphonenumber says is valid, of any type and any E.164 length.
    public static let anyValidNumber = PhonePolicy(mobileOnly: false, digitCount: e164DigitCount)

    /// Decodes `mobileOnly` and `digitCount`, `metadata` (`"bundled"` when absent) and
    /// `acceptsTypedInput` (`false` when absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mobileOnly: try container.decode(Bool.self, forKey: .mobileOnly),
            digitCount: try container.decode(ClosedRange<Int>.self, forKey: .digitCount),
            metadata: try container.decodeIfPresent(PhoneMetadataSource.self, forKey: .metadata) ?? .bundled,
            acceptsTypedInput: try container.decodeIfPresent(Bool.self, forKey: .acceptsTypedInput) ?? false
        )
    }

    /// Encodes `mobileOnly` and `digitCount`, `metadata` unless it is the bundled one, and
    /// `acceptsTypedInput` when it is on.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mobileOnly, forKey: .mobileOnly)
        try container.encode(digitCount, forKey: .digitCount)
        if metadata != .bundled { try container.encode(metadata, forKey: .metadata) }
        if acceptsTypedInput { try container.encode(true, forKey: .acceptsTypedInput) }
    }
}
