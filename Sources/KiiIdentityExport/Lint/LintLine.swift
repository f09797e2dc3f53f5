public import KiiIdentity

/// What `lint` needs of one JSON line: whether the record is valid and its uniqueness keys as
/// fingerprints, or its problems.
///
/// A line of the usual shape (string members of a user record, a `custom` object,
/// `"pseudo": false`, `null`s) is read in place (``FlatJSONObject``) and checked without building the record
/// (``Registration/fingerprints(of:policy:)``): no dictionary, no strings, no request body.
/// Every other line, and every line that check refuses, goes the full way
/// (``JSONLineDecoder/decodeRecord(from:)`` then ``RecordCheck``), so the verdicts, problems and
/// codes are the full way's.
@_spi(ToolInternals)
public enum LintLine {
    /// The fingerprints of a valid record's keys: its login keys and its username's lookalike key.
    public struct Keys: Sendable, Hashable {
        package var fingerprints: UniquenessFingerprints
        /// ``KeyFingerprint/init(lookalike:)`` of ``UniquenessKeys/usernameLookalike``.
        package var usernameLookalike: KeyFingerprint?

        package init(
            _ fingerprints: UniquenessFingerprints = UniquenessFingerprints(),
            usernameLookalike: KeyFingerprint? = nil
        ) {
            self.fingerprints = fingerprints
            self.usernameLookalike = usernameLookalike
        }

        /// The fingerprints of `keys`.
        package init(_ keys: UniquenessKeys) {
            self.init(
                UniquenessFingerprints(keys),
                usernameLookalike: keys.usernameLookalike.map(KeyFingerprint.init(lookalike:))
            )
        }

        /// The username's fingerprint.
        package var username: KeyFingerprint? { fingerprints.username }

        /// The fingerprint of `kind`, or `nil`.
        package subscript(kind: KeyKind) -> KeyFingerprint? {
            guard let kind = kind.loginKind else { return usernameLookalike }
            return fingerprints[kind]
        }
    }

    /// The outcome for one line.
    public enum Outcome: Sendable {
        /// A valid record and the fingerprints of its keys (none for a pseudo user).
        case valid(Keys)
        /// An invalid record or an unreadable line, with every problem.
        case invalid([ValidationError.Problem])
    }

    /// Checks the JSON line `bytes` (a byte order mark already dropped) under `policy`.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>, policy: RegistrationPolicy) -> Outcome {
        if let keys = fastCheck(bytes, policy: policy) { return .valid(keys) }
        let check = fullCheck(bytes, policy: policy)
        guard check.isValid else { return .invalid(check.problems) }
        return .valid(check.keys.map(Keys.init) ?? Keys())
    }

    /// The full way: the record decoded by the strict JSON reader, then ``RecordCheck``.
    package static func fullCheck(_ bytes: UnsafeBufferPointer<UInt8>, policy: RegistrationPolicy) -> RecordCheck {
        RecordSource.Item.jsonLine(Array(bytes)).check(policy: policy, decoder: JSONLineDecoder())
    }

    /// The normalised value of the key of `kind` of the valid record on the line `bytes` (what a
    /// conflict reports), read the same way as ``check(_:policy:)``.
    package static func value(
        of kind: KeyKind,
        in bytes: UnsafeBufferPointer<UInt8>,
        policy: RegistrationPolicy
    ) -> String? {
        guard let kind = kind.loginKind else {
            // A reported conflict's value only (rare): the library's key of the record's username.
            if let username = flatRecord(bytes)?.username {
                return try? Username(String(decoding: username, as: UTF8.self)).lookalikeKey.text
            }
            return fullCheck(bytes, policy: policy).keys?.usernameLookalike
        }
        if let record = flatRecord(bytes), let key = Registration.key(kind, of: record, policy: policy) { return key }
        return fullCheck(bytes, policy: policy).keys?[kind]
    }

    /// The keys of a valid record of the usual shape; `nil` for any other line (which may still
    /// be valid: the full way decides).
    static func fastCheck(_ bytes: UnsafeBufferPointer<UInt8>, policy: RegistrationPolicy) -> Keys? {
        guard let record = flatRecord(bytes), let fingerprints = Registration.fingerprints(of: record, policy: policy)
        else { return nil }
        return Keys(fingerprints, usernameLookalike: record.username.map(LookalikeKeys.fingerprint(ofUsername:)))
    }

    /// The members of a line of the usual shape, in place in `bytes`; `nil` for any other line.
    private static func flatRecord(_ bytes: UnsafeBufferPointer<UInt8>) -> RegistrationBytes? {
        var record = RegistrationBytes()
        var seen: UInt16 = 0
        let isFlat = FlatJSONObject.forEachMember(in: bytes) { name, value in
            guard let (member, index) = ExportRecord.Member.find(name) else { return false }
            // A repeated member is the strict reader's `duplicate_member`.
            let bit: UInt16 = 1 << index
            guard seen & bit == 0 else { return false }
            seen |= bit
            switch (member, value) {
            case (_, .null): return true
            case (.pseudo, .bool(false)): return true
            case (.predefined(.loginName), .string(let text)): record.username = text
            case (.predefined(.emailAddress), .string(let text)): record.email = text
            case (.predefined(.phoneNumber), .string(let text)): record.phone = text
            case (.predefined(.country), .string(let text)): record.country = text
            case (.predefined(.password), .string(let text)): record.password = text
            case (.predefined(.displayName), .string(let text)): record.displayName = text
            case (.predefined(.locale), .string(let text)): record.locale = text
            case (.custom, .other(.object(let custom))): record.custom = custom
            default: return false
            }
            return true
        }
        return isFlat ? record : nil
    }
}
