/// A valid phone number, from any of Kii's three strict forms or from what a person typed.
///
/// - International: `+` then 10 to 15 digits, in E.164 form: `+819012345678`.
/// - Local: national digits plus a country; the trunk prefix is optional:
///   `09012345678` or `9012345678` with `JP`.
/// - REST local form: `CC-digits`: `JP-9012345678`, `JP-09012345678`.
/// - User input (lenient): the above with spaces, `-`, `.`, `(`, `)`, Unicode dashes,
///   full-width digits and `＋`; see ``init(userInput:country:policy:)``.
///
/// A cheap syntax check runs first; the compiled phone engine (libphonenumber's metadata compiled
/// into digit automata) then gives libphonenumber's verdict on what passes it. The
/// ``PhonePolicy`` decides the digit bounds, whether only mobile numbers pass, and whose metadata
/// judges (``PhoneMetadataSource``: the bundled libphonenumber release by default).
///
/// Two values are equal when their ``e164`` is: `US-4155552671` and `+14155552671` are the
/// same number (the uniqueness key), whatever region each was read in.
///
/// ```swift
/// let phone = try PhoneNumber(local: "09012345678", country: "JP")
/// phone.e164                  // "+819012345678"
/// phone.restForm              // "JP-9012345678"
/// phone.internationalFormat   // "+81 90-1234-5678"
/// ```
public struct PhoneNumber: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The E.164 form, `+819012345678`: Kii's `phoneNumber` and the uniqueness key.
    public let e164: String

    /// The region: the country given for local and REST input; libphonenumber's region for
    /// the number for international input (`+447911123456` is `GG`).
    ///
    /// A number read back from storage (``UserRecord/init(storedJSON:)-(String)``) asks the phone
    /// engine for it on each use, as for international input (see ``type``).
    public var region: CountryCode {
        let letters = checkedType == nil ? readBackRegionAndType().region : regionBytes
        return CountryCode(RegionTable.of(source).region(letters.0, letters.1)!)
    }

    /// The country calling code, 81 for Japan.
    public let countryCallingCode: Int

    /// The national significant number, without trunk prefix: `9012345678`.
    public var nationalNumber: String {
        String(decoding: e164.utf8.dropFirst(1 + DigitString.decimalLength(countryCallingCode)), as: UTF8.self)
    }

    /// The number's type (`MOBILE`, `FIXED_LINE`, ...).
    ///
    /// A number read back from storage (``UserRecord/init(storedJSON:)-(String)``) holds only
    /// what its E.164 form says without the phone engine: the engine finds its region and type
    /// when they are asked for, each time, as it reads an international number with any type
    /// allowed. Should the metadata no longer accept the stored number, the type is
    /// ``PhoneNumberType/unknown`` and the region its calling code's main one (`US` for +1).
    public var type: PhoneNumberType { checkedType ?? readBackRegionAndType().type }

    /// The type the phone rules found; `nil` for a number read back from storage, whose region
    /// and type are left to the phone engine until asked for (its ``regionBytes`` are then its
    /// calling code's main region).
    private let checkedType: PhoneNumberType?

    /// The region's two letters (a supported region's): the value holds one string, so that
    /// returning or copying it costs one reference count, not three.
    private let regionBytes: (UInt8, UInt8)

    /// Whose metadata accepted the number, and so writes its formats.
    private let source: PhoneMetadataSource.Kind

    /// The metadata that accepted the number (the policy's).
    public var metadata: PhoneMetadataSource { PhoneMetadataSource(source) }

    /// The REST local form, `JP-9012345678` (no trunk prefix).
    public var restForm: String { "\(region.rawValue)-\(nationalNumber)" }

    /// The national format, `090-1234-5678`, as libphonenumber writes it with the metadata
    /// that accepted the number.
    public var nationalFormat: String { formatted(.national) }

    /// The international format, `+81 90-1234-5678`, as libphonenumber writes it with the
    /// metadata that accepted the number.
    public var internationalFormat: String { formatted(.international) }

    /// The number written by the compiled engine (libphonenumber for a system calling code whose
    /// formats the engine could not compile).
    private func formatted(_ format: PhoneEngine.Format) -> String {
        let start = 1 + DigitString.decimalLength(countryCallingCode)
        let written = e164.withUTF8Bytes { bytes in
            PhoneEngine.format(
                UnsafeBufferPointer(rebasing: bytes[start...]),
                countryCallingCode: countryCallingCode,
                format,
                source: source
            )
        }
        if let written { return written }
        let library: PhoneNumberLibrary.Format = format == .national ? .national : .international
        return (source == .system ? PhoneNumberLibrary.format(e164, library) : nil)
            ?? (format == .national ? nationalNumber : e164)
    }

    /// Bytes past which no phone input is inspected: it is `too_long` at once.
    static let maximumInputBytes = 64
    /// Digits past which a local number cannot be one (15 for E.164 plus a trunk prefix).
    static let maximumLocalDigits = 17

    /// A number the phone rules accepted with `source`'s metadata: `e164` is `+`,
    /// `countryCallingCode` and the national number; `region` is a region of that source.
    init(
        e164: String,
        region: (UInt8, UInt8),
        countryCallingCode: Int,
        type: PhoneNumberType,
        source: PhoneMetadataSource.Kind
    ) {
        self.e164 = e164
        self.regionBytes = region
        self.countryCallingCode = countryCallingCode
        self.checkedType = type
        self.source = source
    }

    /// A number read back from storage, as the library wrote it: `e164` is `+` and digits that
    /// start with `countryCallingCode`, whose first region in libphonenumber's order is
    /// `mainRegion`. The phone engine is not asked (see ``type``).
    init(readBack e164: String, countryCallingCode: Int, mainRegion: (UInt8, UInt8)) {
        self.e164 = e164
        self.regionBytes = mainRegion
        self.countryCallingCode = countryCallingCode
        self.checkedType = nil
        self.source = .bundled
    }

    /// The region and type of a number read back: the phone rules' for its E.164 form with any
    /// type allowed (what ``UserRecord/init(json:)-(String)`` finds), or, for a number they no
    /// longer accept, the calling code's main region and ``PhoneNumberType/unknown``.
    private func readBackRegionAndType() -> (region: (UInt8, UInt8), type: PhoneNumberType) {
        let checked = e164.withUTF8Bytes { bytes in
            try? PhoneResolver.international(
                e164,
                bytes,
                policy: .anyValidNumber,
                engine: PhoneResolver.Engine.compiled(source)
            )
        }
        guard let checked else { return (regionBytes, .unknown) }
        return (checked.regionBytes, checked.type)
    }

    // MARK: International

    /// Validates an international number: `+` then digits, in E.164 form.
    ///
    /// - Parameters:
    ///   - raw: the number, such as `+819012345678`; nothing else is allowed (no spaces).
    ///   - policy: digit bounds and the mobile-only rule; Kii's by default.
    /// - Throws: ``ValidationError`` with `missing_plus`, `invalid_character`, `too_few_digits`,
    ///   `too_many_digits` (syntax, checked without libphonenumber), then `unknown_calling_code`,
    ///   `invalid_number`, `not_e164`, `non_geographic`, `landline` or `not_mobile`.
    public init(international raw: String, policy: PhonePolicy = .default) throws(ValidationError) {
        self = try raw.withUTF8Bytes { (bytes) throws(ValidationError) in
            try PhoneResolver.international(raw, bytes, policy: policy, engine: policy.engine)
        }
    }

    /// Whether `raw` is a valid international number under `policy`.
    ///
    /// Rejects bad syntax before the phone engine sees it, and allocates nothing.
    @inlinable @inline(__always)
    public static func isValid(international raw: String, policy: PhonePolicy = .default) -> Bool {
        // Read in place, as every field's `isValid` (`utf8Satisfies`); a string that is not
        // contiguous is copied only up to `+` and the policy's most digits.
        raw.utf8Satisfies(maximumBytes: policy.digitCount.upperBound + 1) { isValidInternational($0, policy: policy) }
    }

    /// ``isValid(international:policy:)`` on the string's bytes.
    @usableFromInline
    static func isValidInternational(_ bytes: UnsafeBufferPointer<UInt8>, policy: PhonePolicy) -> Bool {
        // `+` and an allowed number of digits: the length alone turns most rejects away.
        policy.digitCount.contains(bytes.count - 1)
            && PhoneSyntax.isInternationalSyntaxValid(bytes, policy: policy)
            && PhoneResolver.isValidInternational(bytes, policy: policy)
    }

    // MARK: Local

    /// Validates a local number: national digits read in `country`, trunk prefix optional.
    ///
    /// `09012345678` and `9012345678` with `JP` are both `+819012345678`. Digits that start with
    /// an international prefix (`010...` in Japan) or with the calling code instead of a trunk
    /// prefix (`8190...`) are rejected: they are not local numbers. In the US and Canada the
    /// trunk prefix is `1`, so `14155552671` with `US` is fine.
    ///
    /// - Throws: ``ValidationError`` with the phone problems (field `phoneNumber`) and the
    ///   country problems (field `country`) together.
    public init(local raw: String, country: String, policy: PhonePolicy = .default) throws(ValidationError) {
        self = try raw.withUTF8Bytes { (bytes) throws(ValidationError) in
            try PhoneResolver.local(
                bytes,
                country: country,
                countryField: .country,
                policy: policy,
                engine: policy.engine
            )
        }
    }

    /// Validates a local number read in an already validated country.
    public init(local raw: String, country: CountryCode, policy: PhonePolicy = .default) throws(ValidationError) {
        try self.init(local: raw, country: country.rawValue, policy: policy)
    }

    // MARK: REST local form

    /// Validates Kii's REST local form, `CC-digits`: `JP-9012345678`, `US-4155552671`.
    ///
    /// The digits are read as a local number of region `CC` (trunk prefix optional).
    ///
    /// - Throws: ``ValidationError`` with `malformed_rest_form`, a region problem, or any
    ///   problem of a local number.
    public init(rest raw: String, policy: PhonePolicy = .default) throws(ValidationError) {
        self = try raw.withUTF8Bytes { (bytes) throws(ValidationError) in
            try PhoneResolver.rest(bytes, policy: policy, engine: policy.engine)
        }
    }

    // MARK: User input

    /// Validates what a person typed into a form.
    ///
    /// Accepts, between digits, spaces, `-`, `.`, `(`, `)`, Unicode dashes and full-width
    /// forms, and a leading `+` or `＋`. With a `+` the number is international (a trunk prefix
    /// after the calling code is dropped: `+81 090-1234-5678` is `+819012345678`); without one
    /// it is local and needs `country`. Rejects, with their own codes, what libphonenumber
    /// would swallow: letters (vanity numbers), `tel:` URIs, extensions, more than 15 digits.
    ///
    /// - Throws: ``ValidationError`` with `contains_letters`, `tel_uri`, `has_extension`,
    ///   `too_many_digits`, `needs_country`, or any problem of the strict forms.
    public init(
        userInput raw: String,
        country: String? = nil,
        policy: PhonePolicy = .default
    )
        throws(ValidationError)
    {
        self = try raw.withUTF8Bytes { (bytes) throws(ValidationError) in
            try PhoneResolver.userInput(bytes, country: country, policy: policy, engine: policy.engine)
        }
    }

    // MARK: Protocols

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.e164 == rhs.e164 }

    public func hash(into hasher: inout Hasher) { hasher.combine(e164) }

    /// The E.164 form.
    public var description: String { e164 }

    private enum CodingKeys: String, CodingKey {
        case e164, region, metadata
    }

    /// Decodes `{"e164": "+44...", "region": "GB"}` and re-validates it.
    ///
    /// Decoding checks that the number is valid for its region, not the policy it was first
    /// accepted under (a landline accepted with `mobileOnly: false` decodes), with the metadata
    /// it was accepted with (`"metadata": "system"`; the bundled metadata when absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let e164 = try container.decode(String.self, forKey: .e164)
        let region = try container.decode(String.self, forKey: .region)
        var policy = PhonePolicy.anyValidNumber
        policy.metadata = try container.decodeIfPresent(PhoneMetadataSource.self, forKey: .metadata) ?? .bundled
        do throws(ValidationError) {
            let international = try PhoneNumber(international: e164, policy: policy)
            let local = try PhoneNumber(local: international.nationalNumber, country: region, policy: policy)
            guard local.e164 == international.e164 else {
                throw ValidationError(.phoneNumber, .notNumberOfRegion(region: region))
            }
            self = local
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .e164, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{"e164": "+44...", "region": "GB"}`, and `"metadata": "system"` for a number
    /// the system metadata accepted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(e164, forKey: .e164)
        try container.encode(region.rawValue, forKey: .region)
        if source != .bundled { try container.encode(metadata, forKey: .metadata) }
    }
}
