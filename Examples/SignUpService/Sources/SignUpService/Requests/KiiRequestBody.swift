import KiiIdentity

/// A request body of Kii's, one type per Kii media type: a `Decodable` struct whose
/// `CodingKeys` are the members Kii's request takes, declared once, required where the property
/// is not optional (a missing or `null` string is `missing`; a value of another type is
/// `not_a_string`, naming the type, never the value; every such problem at once), any other
/// member `unknown_member`. It is read by the library's JSON reader (``BodyReader``), never by
/// another parser.
///
/// ```swift
/// struct ChangePasswordRequest: KiiRequestBody {
///     static let mediaTypes: [MediaType] = [.json, .kii("ChangePasswordRequest")]
///     enum CodingKeys: String, CodingKey, CaseIterable { case oldPassword, newPassword }
///     var oldPassword: String
///     var newPassword: String
/// }
/// ```
protocol KiiRequestBody: Decodable, Sendable {
    /// The members the request takes, in the order an `unknown_member` lists them.
    associatedtype CodingKeys: CodingKey & CaseIterable
    /// The media types the route takes: `application/json` and Kii's own.
    static var mediaTypes: [MediaType] { get }
}

extension KiiRequestBody {
    /// The body of `bytes` (a JSON object).
    ///
    /// - Throws: ``ServiceFailure``: the reader's problem, `not_an_object`, `unknown_member`,
    ///   the members' problems.
    init(bytes: [UInt8]) throws {
        try self.init(members: try BodyReader.members(of: bytes))
    }

    /// The body of a JSON object's `members`.
    init(members: [String: JSONValue]) throws {
        let allowed = CodingKeys.allCases.map(\.stringValue)
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ServiceFailure(.json, .unknownMember(name: unknown, allowed: allowed))
        }
        let decoder = MemberDecoder(members: members)
        let body = try Self(from: decoder)
        let problems = decoder.problems.list
        if !problems.isEmpty { throw ServiceFailure(ValidationError(problems)) }
        self = body
    }
}
