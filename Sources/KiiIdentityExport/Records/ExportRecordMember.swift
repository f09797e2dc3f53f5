import KiiIdentity

extension ExportRecord {
    /// A member of an export record: one of Kii's predefined members that a sign-up gives
    /// (`PredefinedMember`), `custom` or `pseudo`.
    ///
    /// The three identifiers are named by their `LoginKind` (`username`, `email`, `phone`), the
    /// other predefined members by Kii's name (`password`, `displayName`, `country`, `locale`),
    /// so that every name of a predefined member comes from the library's table.
    enum Member: Hashable, Sendable {
        /// A predefined member a sign-up gives.
        case predefined(PredefinedMember)
        /// `custom`: the custom fields, a JSON object.
        case custom
        /// `pseudo`: `true` for a pseudo user.
        case pseudo

        /// Every member, in the order they are documented.
        static let all: [Member] = [
            .predefined(.loginName), .predefined(.emailAddress), .predefined(.phoneNumber), .predefined(.country),
            .predefined(.password), .predefined(.displayName), .predefined(.locale), .custom, .pseudo,
        ]

        /// The member's name in an export.
        var name: String {
            switch self {
            case .predefined(let member): member.loginKind?.rawValue ?? member.rawValue
            case .custom: "custom"
            case .pseudo: "pseudo"
            }
        }

        /// The field that problems with the member are reported under (`username` ->
        /// `loginName`, as in the request body).
        var field: ValidationError.Field {
            switch self {
            case .predefined(let member): member.field
            case .custom: .customFields
            case .pseudo: ValidationError.Field(rawValue: name)
            }
        }

        /// The member named `name`, or `nil` for a name that is not one.
        init?(name: String) {
            guard let member = Self.all.first(where: { $0.name == name }) else { return nil }
            self = member
        }

        /// The member whose name is the UTF-8 `bytes`, and its place in ``all``, or `nil`: read in
        /// place, without a string (`lint`'s reader of the usual line).
        static func find(_ bytes: UnsafeBufferPointer<UInt8>) -> (member: Member, index: Int)? {
            guard let name = PackedName(UnsafeRawBufferPointer(bytes)) else { return nil }
            let names = packedNames
            for index in names.indices where names[index] == name { return (all[index], index) }
            return nil
        }

        /// The names of ``all``, in its order, packed for ``find(_:)``.
        private static let packedNames = all.map { member in
            Array(member.name.utf8).withUnsafeBytes { PackedName($0)! }
        }
    }

    /// A name of at most 16 bytes held in two words and its length, so that two names compare in
    /// three integer comparisons (every member's name fits).
    private struct PackedName: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        let count: Int

        /// `bytes` packed, or `nil` past 16 bytes.
        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count <= 16 else { return nil }
            count = bytes.count
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) }
            (low, high) = words
        }
    }
}
