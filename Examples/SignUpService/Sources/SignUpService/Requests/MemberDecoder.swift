import KiiIdentity

/// The `Decoder` of a ``KiiRequestBody``: the members of a JSON object that the library's reader
/// parsed, each a `String` or kept as a `JSONValue`. A string that is missing (or `null`) where
/// it is required, or of another type, is noted as a problem and decoding goes on, so that every
/// problem of a body is reported at once.
struct MemberDecoder: Decoder {
    let members: [String: JSONValue]
    /// The problems noted so far.
    let problems = Problems()

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Members<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw unsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw unsupported() }

    /// A member of a type this decoder does not give: a mistake in a body's declaration.
    func unsupported() -> DecodingError {
        DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "a request member is a String or a JSONValue")
        )
    }

    /// The problems a decoding noted (a class: the containers are values).
    final class Problems {
        var list: [ValidationError.Problem] = []
    }

    /// The keyed container over the members.
    struct Members<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: MemberDecoder

        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { decoder.members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { decoder.members[key.stringValue] != nil }

        func decodeNil(forKey key: Key) -> Bool { (decoder.members[key.stringValue] ?? .null) == .null }

        /// A string member: missing (or `null`) and of another type are problems.
        func decode(_ type: String.Type, forKey key: Key) -> String {
            let field = ValidationError.Field(rawValue: key.stringValue)
            guard let value = decoder.members[key.stringValue], value != .null else {
                decoder.problems.list.append(ValidationError.Problem(field: field, .missing))
                return ""
            }
            guard let string = value.stringValue else {
                decoder.problems.list.append(
                    ValidationError.Problem(field: field, .notAString(found: .init(of: value)))
                )
                return ""
            }
            return string
        }

        /// A member kept as JSON (any type; `null` too): missing is a problem.
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            if T.self == String.self, let string = decode(String.self, forKey: key) as? T { return string }
            guard T.self == JSONValue.self else { throw decoder.unsupported() }
            guard let value = decoder.members[key.stringValue] else {
                decoder.problems.list.append(ValidationError.Problem(field: .init(rawValue: key.stringValue), .missing))
                return JSONValue.null as! T
            }
            return value as! T
        }

        // No request has a member of these types: each is a mistake in a body's declaration.
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { throw decoder.unsupported() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw decoder.unsupported() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw decoder.unsupported() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { throw decoder.unsupported() }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw decoder.unsupported() }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw decoder.unsupported() }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw decoder.unsupported() }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw decoder.unsupported() }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw decoder.unsupported() }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw decoder.unsupported() }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw decoder.unsupported() }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw decoder.unsupported() }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw decoder.unsupported() }
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { throw decoder.unsupported() }
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { throw decoder.unsupported() }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> { throw decoder.unsupported() }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw decoder.unsupported()
        }
        func superDecoder() throws -> any Decoder { throw decoder.unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.unsupported() }
    }
}
