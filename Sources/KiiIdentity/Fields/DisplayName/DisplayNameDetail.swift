extension ValidationError {
    /// The problems of a display name under the ``DisplayNamePolicy/nickname`` policy (RFC 8266,
    /// the PRECIS Nickname profile): the characters it does not allow, its context rules, and
    /// what the mapping leaves.
    ///
    /// A character is named by its code point and its Unicode name (`U+202E RIGHT-TO-LEFT
    /// OVERRIDE`), never shown raw; its position counts Unicode scalars of the name as given,
    /// from 1.
    public enum DisplayNameDetail: Detail {
        /// A control character (Cc), or a line or paragraph separator.
        case controlCharacter(Unicode.Scalar, position: Int)
        /// An invisible or formatting character (default-ignorable, or Cf).
        case invisibleCharacter(Unicode.Scalar, position: Int)
        /// A bidirectional formatting character (Bidi_Control).
        case bidiControl(Unicode.Scalar, position: Int)
        /// A code point that Unicode 17.0 does not assign.
        case unassignedCharacter(Unicode.Scalar, position: Int)
        /// Another character the FreeformClass does not allow.
        case disallowedCharacter(Unicode.Scalar, position: Int)
        /// A character allowed only in a context (RFC 5892 Appendix A) outside it.
        case contextRule(Unicode.Scalar, position: Int, rule: ContextRule)
        /// Nothing left once spaces are trimmed and the text normalised.
        case emptyAfterMapping
        /// `length` Unicode scalars once normalised, more than `maximum`.
        case tooLongAfterMapping(maximum: Int, length: Int)
        /// The mapping does not settle after the passes RFC 8266 allows.
        case unstableMapping

        /// The context rules of RFC 5892 Appendix A that RFC 8264 keeps.
        public enum ContextRule: String, Sendable, Hashable, CaseIterable {
            /// U+200C only after a virama or between joining letters (A.1).
            case zeroWidthNonJoiner
            /// U+200D only after a virama (A.2).
            case zeroWidthJoiner
            /// U+00B7 only between two `l` (A.3).
            case middleDot
            /// U+0375 only before a Greek letter (A.4).
            case greekKeraia
            /// U+05F3 and U+05F4 only after a Hebrew letter (A.5, A.6).
            case hebrewPunctuation
            /// U+30FB only with Hiragana, Katakana or Han in the name (A.7).
            case katakanaMiddleDot
            /// U+0660...U+0669 not with U+06F0...U+06F9 (A.8).
            case arabicIndicDigits
            /// U+06F0...U+06F9 not with U+0660...U+0669 (A.9).
            case extendedArabicIndicDigits
        }

        /// The stable machine code.
        public var code: Code {
            switch self {
            case .controlCharacter: .controlCharacter
            case .invisibleCharacter: .invisibleCharacter
            case .bidiControl: .bidiControl
            case .unassignedCharacter: .unassignedCharacter
            case .disallowedCharacter: .disallowedCharacter
            case .contextRule: .contextRule
            case .emptyAfterMapping: .emptyAfterMapping
            case .tooLongAfterMapping: .tooLong
            case .unstableMapping: .unstableMapping
            }
        }

        /// The case's name, as a problem is encoded under `detail`.
        public var name: String {
            switch self {
            case .controlCharacter: "controlCharacter"
            case .invisibleCharacter: "invisibleCharacter"
            case .bidiControl: "bidiControl"
            case .unassignedCharacter: "unassignedCharacter"
            case .disallowedCharacter: "disallowedCharacter"
            case .contextRule: "contextRule"
            case .emptyAfterMapping: "emptyAfterMapping"
            case .tooLongAfterMapping: "tooLongAfterMapping"
            case .unstableMapping: "unstableMapping"
            }
        }

        /// The offending character and its position, when the problem has one.
        public var character: (scalar: Unicode.Scalar, position: Int)? {
            switch self {
            case .controlCharacter(let scalar, let position), .invisibleCharacter(let scalar, let position),
                .bidiControl(let scalar, let position), .unassignedCharacter(let scalar, let position),
                .disallowedCharacter(let scalar, let position), .contextRule(let scalar, let position, _):
                (scalar, position)
            case .emptyAfterMapping, .tooLongAfterMapping, .unstableMapping: nil
            }
        }

        /// The values the reason needs, as strings.
        public var parameters: [(name: String, value: String)] {
            switch self {
            case .contextRule(let scalar, let position, let rule):
                [("character", scalar.codePoint), ("position", String(position)), ("rule", rule.rawValue)]
            case .tooLongAfterMapping(let maximum, let length):
                [("maximum", String(maximum)), ("length", String(length))]
            case .emptyAfterMapping, .unstableMapping: []
            default:
                character.map { [("character", $0.scalar.codePoint), ("position", String($0.position))] } ?? []
            }
        }

        /// The reason in `language`.
        public func phrase(in language: Language) -> Phrase {
            switch self {
            case .controlCharacter(let scalar, let position):
                language.phrase(
                    "has a control character at position \(position) (\(scalar.namedCodePoint))",
                    ("の", "\(position) 文字目に制御文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .invisibleCharacter(let scalar, let position):
                language.phrase(
                    "has an invisible or formatting character at position \(position) (\(scalar.namedCodePoint))",
                    ("の", "\(position) 文字目に見えない文字・書式文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .bidiControl(let scalar, let position):
                language.phrase(
                    "has a character that changes the text's direction at position \(position) (\(scalar.namedCodePoint))",
                    ("の", "\(position) 文字目に文字の向きを変える制御文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .unassignedCharacter(let scalar, let position):
                language.phrase(
                    "has a code point Unicode 17.0 does not assign at position \(position) (\(scalar.namedCodePoint))",
                    ("の", "\(position) 文字目に Unicode 17.0 で未割り当ての文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .disallowedCharacter(let scalar, let position):
                language.phrase(
                    "has a character that is not allowed at position \(position) (\(scalar.namedCodePoint))",
                    ("の", "\(position) 文字目の文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .contextRule(let scalar, let position, let rule):
                language.phrase(
                    "has \(scalar.namedCodePoint) at position \(position) where it is not allowed (\(Self.english(rule)))",
                    ("の", "\(position) 文字目の \(scalar.namedCodePoint) はこの位置では使用できません（\(Self.japanese(rule))）")
                )
            case .emptyAfterMapping:
                language.phrase(
                    "is empty once spaces are trimmed and the text is normalized",
                    ("は", "空白の除去と正規化の後に空になります。文字を入力してください")
                )
            case .tooLongAfterMapping(let maximum, let length):
                language.phrase(
                    "is too long once normalized (\(length) characters, maximum \(maximum))",
                    ("は", "正規化すると \(length) 文字になります。\(maximum) 文字以内で入力してください")
                )
            case .unstableMapping:
                language.phrase(
                    "does not settle when normalized",
                    ("は", "正規化の結果が定まりません")
                )
            }
        }

        private static func english(_ rule: ContextRule) -> String {
            switch rule {
            case .zeroWidthNonJoiner: "only after a virama or between joining letters"
            case .zeroWidthJoiner: "only after a virama"
            case .middleDot: "only between two 'l'"
            case .greekKeraia: "only before a Greek letter"
            case .hebrewPunctuation: "only after a Hebrew letter"
            case .katakanaMiddleDot: "only with Hiragana, Katakana or Kanji in the name"
            case .arabicIndicDigits: "not with Extended Arabic-Indic digits"
            case .extendedArabicIndicDigits: "not with Arabic-Indic digits"
            }
        }

        private static func japanese(_ rule: ContextRule) -> String {
            switch rule {
            case .zeroWidthNonJoiner: "ヴィラーマの後、または連結する文字の間のみ"
            case .zeroWidthJoiner: "ヴィラーマの後のみ"
            case .middleDot: "'l' と 'l' の間のみ"
            case .greekKeraia: "ギリシャ文字の前のみ"
            case .hebrewPunctuation: "ヘブライ文字の後のみ"
            case .katakanaMiddleDot: "ひらがな・カタカナ・漢字を含む名前のみ"
            case .arabicIndicDigits: "拡張アラビア・インド数字と混在できません"
            case .extendedArabicIndicDigits: "アラビア・インド数字と混在できません"
            }
        }

        /// The detail named `name` with `parameters`, or `nil`.
        public init?(name: String, parameters: [String: String]) {
            let read = ParameterReader(parameters)
            let scalar = parameters["character"].flatMap(Self.scalar(encoded:))
            let position = read.int("position")
            switch name {
            case "emptyAfterMapping": self = .emptyAfterMapping
            case "unstableMapping": self = .unstableMapping
            case "tooLongAfterMapping":
                guard let maximum = read.int("maximum"), let length = read.int("length") else { return nil }
                self = .tooLongAfterMapping(maximum: maximum, length: length)
            case "contextRule":
                guard let scalar, let position, let rule = parameters["rule"].flatMap(ContextRule.init(rawValue:))
                else { return nil }
                self = .contextRule(scalar, position: position, rule: rule)
            default:
                guard let scalar, let position else { return nil }
                switch name {
                case "controlCharacter": self = .controlCharacter(scalar, position: position)
                case "invisibleCharacter": self = .invisibleCharacter(scalar, position: position)
                case "bidiControl": self = .bidiControl(scalar, position: position)
                case "unassignedCharacter": self = .unassignedCharacter(scalar, position: position)
                case "disallowedCharacter": self = .disallowedCharacter(scalar, position: position)
                default: return nil
                }
            }
        }

        private static func scalar(encoded: String) -> Unicode.Scalar? {
            guard encoded.hasPrefix("U+"), let value = UInt32(encoded.dropFirst(2), radix: 16) else { return nil }
            return Unicode.Scalar(value)
        }
    }
}

extension Unicode.Scalar {
    /// `U+202E RIGHT-TO-LEFT OVERRIDE`: the code point and its Unicode name (the standard
    /// library's, or its corrected alias); the code point alone when it has none (a control,
    /// an unassigned code point).
    var namedCodePoint: String {
        if let name = properties.name ?? properties.nameAlias { return codePoint + " " + name }
        return codePoint
    }
}
