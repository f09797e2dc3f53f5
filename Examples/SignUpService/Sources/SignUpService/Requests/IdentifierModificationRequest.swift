import KiiIdentity

/// A request that sets one identifier of the user (``EmailAddressModificationRequest``,
/// ``PhoneNumberModificationRequest``): its one member, kept as JSON for the library's update to
/// judge (`null` and other types too).
struct IdentifierModificationRequest<Member: ModifiedIdentifier>: KiiRequestBody {
    typealias CodingKeys = Member
    static var mediaTypes: [MediaType] { [.json, .kii(Member.request)] }

    /// The identifier's value.
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: Member.self).decode(JSONValue.self, forKey: Member.member)
    }
}

/// The member of an ``IdentifierModificationRequest``: the only case of its coding keys.
protocol ModifiedIdentifier: CodingKey, CaseIterable, Sendable {
    /// The member.
    static var member: Self { get }
    /// Kii's name of the request (`EmailAddressModificationRequest`).
    static var request: String { get }
    /// The predefined member it sets.
    static var predefined: PredefinedMember { get }
}

/// `emailAddress`.
enum EmailAddressMember: String, ModifiedIdentifier {
    case emailAddress
    static let member = emailAddress
    static let request = "EmailAddressModificationRequest"
    static let predefined = PredefinedMember.emailAddress
}

/// `phoneNumber`.
enum PhoneNumberMember: String, ModifiedIdentifier {
    case phoneNumber
    static let member = phoneNumber
    static let request = "PhoneNumberModificationRequest"
    static let predefined = PredefinedMember.phoneNumber
}
