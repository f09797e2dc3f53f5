/// The English words every detail type's reasons share: the fields' names, the separator
/// of messages, and the wording of characters, lists and member names. Each detail type words
/// its own cases beside them.
package enum EnglishCatalog {
    /// Between the messages of one error.
    package static let separator = "; "

    /// The field's name: "username", "email address", ...; a field the catalog does not know
    /// is named by its raw value.
    package static func label(_ field: ValidationError.Field) -> String {
        KnownField(field).map { String(describing: $0.englishLabel) } ?? field.rawValue
    }

    /// A member name for a reason: quoted as JSON, cut after 64 scalars.
    package static func quotedName(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard scalars.count > 64 else { return JSONValue.quoted(name) }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(64))
        return JSONValue.quoted(String(cut)) + "..."
    }

    /// "contains 'x' at position 3 that is not allowed[, and 2 more such characters] (only ... are)";
    /// a password's character is "a character".
    static func invalidCharacter(
        _ character: ValidationError.FieldDetail.OffendingCharacter,
        position: Int,
        count: Int,
        allowed: ValidationError.FieldDetail.AllowedCharacters
    ) -> EnglishReason {
        var reason: EnglishReason = "contains "
        describe(character, to: &reason)
        reason.append(" at position ")
        reason.append(position)
        reason.append(" that is not allowed")
        if count > 1 {
            reason.append(", and ")
            reason.append(count - 1)
            reason.append(
                allowed == .typedPhoneNumber ? " more" : count == 2 ? " more such character" : " more such characters"
            )
        }
        reason.append(" (")
        reason.append(describe(allowed))
        reason.append(")")
        return reason
    }

    /// Appends `'x'` for printable ASCII, `a space`, otherwise `U+XXXX`.
    private static func describe(
        _ character: ValidationError.FieldDetail.OffendingCharacter,
        to reason: inout EnglishReason
    ) {
        switch character {
        case .scalar(" "): reason.append("a space")
        case .scalar(let scalar) where scalar.value > 0x20 && scalar.value < 0x7F:
            reason.append("'")
            reason.append(byte: UInt8(scalar.value))
            reason.append("'")
        case .scalar(let scalar): reason.append(value: scalar.codePoint)
        case .invalidByte: reason.append("an invalid UTF-8 byte")
        case .undisclosed: reason.append("a character")
        }
    }

    private static func describe(_ allowed: ValidationError.FieldDetail.AllowedCharacters) -> StaticString {
        switch allowed {
        case .username: "only ASCII letters, digits, '_', '-' and '.' are"
        case .password: "only printable ASCII characters and spaces are"
        case .locale: "only ASCII letters, digits and '-' are"
        case .emailLocalPart: "before '@' only ASCII letters, digits, '.', '_', '%', '+' and '-' are"
        case .emailDomain: "after '@' only ASCII letters, digits, '-' and '.' are"
        case .internationalPhoneNumber: "after the '+' only digits are"
        case .localPhoneNumber: "a local number is only digits; an international one starts with '+'"
        case .typedPhoneNumber: "digits, a leading '+', and spaces, '-', '.', '(' or ')' between digits are"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    package static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension Unicode.Scalar {
    /// `U+0041`: at least four upper-case hexadecimal digits.
    var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
