/// Where the phone rules take libphonenumber's metadata from: the numbering plans that say which
/// numbers exist, their types, regions and formats.
///
/// - ``bundled`` (the default): the metadata of a libphonenumber release compiled into this
///   library, the same on every machine. ``name`` says which release.
/// - ``system``: the metadata of the libphonenumber installed on this machine, for a system that
///   ships newer data than the bundled release. Debian 12 and the Ubuntu LTS releases ship
///   8.12.57, from October 2022: older than the bundled data.
///
/// Both go through the same compiled engine; only the data differs. A policy chooses one:
///
/// ```swift
/// PhoneMetadataSource.bundled.name              // "libphonenumber x.y.z"
/// var policy = PhonePolicy.default
/// policy.metadata = .system
/// try PhoneNumber(international: "+819012345678", policy: policy)
/// ```
public struct PhoneMetadataSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The two sources, as the engine tells them apart.
    package enum Kind: UInt8, Sendable, Hashable, BitwiseCopyable {
        case bundled, system
    }

    package let kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    /// The metadata compiled into this library (the default).
    public static let bundled = PhoneMetadataSource(.bundled)

    /// The metadata of the libphonenumber installed on this machine.
    public static let system = PhoneMetadataSource(.system)

    /// The libphonenumber release, `x.y.z`; for ``system``, the release recognised by its
    /// metadata, or `unknown` for one this library has not seen.
    public var version: String {
        switch kind {
        case .bundled: BundledMetadata.version
        case .system: PhoneNumberLibrary.metadataVersion ?? "unknown"
        }
    }

    /// The bundled release's date, `yyyy-mm-dd`: the day PyPI `phonenumbers`' wheel of that
    /// release was built (the package names no date; upstream tags its release a few days
    /// earlier); `nil` for ``system``.
    public var releaseDate: String? {
        switch kind {
        case .bundled: BundledMetadata.releaseDate
        case .system: nil
        }
    }

    /// `libphonenumber` and ``version``: `libphonenumber x.y.z`.
    public var name: String { "libphonenumber \(version)" }

    /// ``name`` and where the metadata comes from: `libphonenumber x.y.z (bundled, yyyy-mm-dd)`
    /// or `libphonenumber 8.12.57 (system)`.
    public var description: String {
        switch kind {
        case .bundled: "\(name) (bundled, \(BundledMetadata.releaseDate))"
        case .system: "\(name) (system)"
        }
    }

    /// Decodes `"bundled"` or `"system"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        switch try container.decode(String.self) {
        case "bundled": self = .bundled
        case "system": self = .system
        case let other:
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown phone metadata source \"\(other)\" (bundled or system)"
            )
        }
    }

    /// Encodes `"bundled"` or `"system"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(kind == .bundled ? "bundled" : "system")
    }
}
