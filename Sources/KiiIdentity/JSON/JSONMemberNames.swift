/// The member names a Kii user body is made of, as `String`s from the binary: a JSON object's
/// member name that is one of them is not built from its bytes.
///
/// Every name here fits a `String`'s inline storage, so the literal costs nothing to make,
/// where building a name from bytes is a call into the standard library that checks them as
/// UTF-8 (what it saves: Performance.md, "Figures behind the code's choices"). Any other name
/// is built as before; the two give equal strings.
enum JSONMemberNames {
    /// The string of the name whose UTF-8 bytes (without escapes) are `name`, when it is one of
    /// Kii's predefined members a client sends, or a typed phone number's `number`.
    @inline(__always)
    static func known(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        switch name.count {
        case 6:
            if name.equals("locale") { return "locale" }
            if name.equals("number") { return "number" }
        case 7: if name.equals("country") { return "country" }
        case 8: if name.equals("password") { return "password" }
        case 9: if name.equals("loginName") { return "loginName" }
        case 11:
            if name.equals("phoneNumber") { return "phoneNumber" }
            if name.equals("displayName") { return "displayName" }
        case 12: if name.equals("emailAddress") { return "emailAddress" }
        default: break
        }
        return nil
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes are `literal`'s, compared as two overlapping words (the literal is 4
    /// to 16 bytes long).
    @inline(__always)
    fileprivate func equals(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard self.count == count, let base = baseAddress else { return false }
        let source = UnsafeRawPointer(base)
        let expected = UnsafeRawPointer(literal.utf8Start)
        if count >= 8 {
            return source.loadUnaligned(as: UInt64.self) == expected.loadUnaligned(as: UInt64.self)
                && source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        return source.loadUnaligned(as: UInt32.self) == expected.loadUnaligned(as: UInt32.self)
            && source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                == expected.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
    }
}
