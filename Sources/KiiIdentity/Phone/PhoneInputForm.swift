/// Which strict form a phone number is written in, by its first bytes: the first step of a
/// number's one path (form, then syntax, then the engine).
///
/// The one place the form is decided: a caller reads it once and hands it to
/// `PhoneResolver.strict(_:_:form:country:policy:engine:)` (a record's phone number, a login
/// identifier, the tool's `check`), so that every reader takes the same text for the same form.
package enum PhoneInputForm: Sendable {
    /// Starts with `+`.
    case international
    /// Two ASCII letters then `-`: `JP-9012345678`.
    case rest
    /// Anything else: local digits.
    case local

    /// The form of `raw`.
    package init(_ raw: String) {
        self = raw.withUTF8Bytes(Self.init)
    }

    /// The form of `bytes`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if Self.isInternational(bytes) {
            self = .international
        } else if bytes.count >= 3, ByteSet.letters.contains(bytes[0]), ByteSet.letters.contains(bytes[1]),
            bytes[2] == UInt8(ascii: "-")
        {
            self = .rest
        } else {
            self = .local
        }
    }

    /// Whether the form of `bytes` is ``international``, without looking further: for a caller
    /// that asks only that (a login identifier's classification).
    @inline(__always)
    static func isInternational(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first == UInt8(ascii: "+")
    }
}

extension PhoneInputForm {
    /// The phone number `raw`, read in this form (local digits in `country`) by
    /// `PhoneResolver.strict(_:_:form:country:policy:engine:)`.
    func number(_ raw: String, country: String?, policy: PhonePolicy) throws(ValidationError) -> PhoneNumber {
        try raw.withUTF8Bytes { (bytes) throws(ValidationError) in
            try PhoneResolver.strict(raw, bytes, form: self, country: country, policy: policy, engine: policy.engine)
        }
    }
}
