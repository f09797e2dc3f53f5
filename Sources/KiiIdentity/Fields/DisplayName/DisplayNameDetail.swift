extension ValidationError {
    /// The problems of a display name under the ``DisplayNamePolicy/nickname`` policy (RFC 8266,
    /// the PRECIS Nickname profile): the characters it does not allow, its context rules, and
    /// what the mapping leaves.
    ///
    /// A character is named by its code point and its Unicode name (`U+202E RIGHT-TO-LEFT
    /// OVERRIDE`), never shown raw; its position counts Unicode scalars of the name as given,
    /// from 1.
    public enum DisplayNameDetail: DeclaredDetail {
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

        /// The names of the cases, as a problem is encoded under `detail`.
        package enum Name: String, CaseIterable, Sendable {
            case controlCharacter, invisibleCharacter, bidiControl, unassignedCharacter, disallowedCharacter
            case contextRule, emptyAfterMapping, tooLongAfterMapping, unstableMapping
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

        /// Each case's name, code, parameters and words (see ``DeclaredDetail``).
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            switch self {
            case .controlCharacter(let scalar, let position):
                declaration.problem(
                    .controlCharacter,
                    code: .controlCharacter,
                    parameters: [("character", scalar), ("position", position)],
                    english: "has a control character at position \(position) (\(scalar.namedCodePoint))",
                    japanese: ("の", "\(position) 文字目に制御文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .invisibleCharacter(let scalar, let position):
                declaration.problem(
                    .invisibleCharacter,
                    code: .invisibleCharacter,
                    parameters: [("character", scalar), ("position", position)],
                    english:
                        "has an invisible or formatting character at position \(position) (\(scalar.namedCodePoint))",
                    japanese: ("の", "\(position) 文字目に見えない文字・書式文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .bidiControl(let scalar, let position):
                declaration.problem(
                    .bidiControl,
                    code: .bidiControl,
                    parameters: [("character", scalar), ("position", position)],
                    english:
                        "has a character that changes the text's direction at position \(position) (\(scalar.namedCodePoint))",
                    japanese: ("の", "\(position) 文字目に文字の向きを変える制御文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .unassignedCharacter(let scalar, let position):
                declaration.problem(
                    .unassignedCharacter,
                    code: .unassignedCharacter,
                    parameters: [("character", scalar), ("position", position)],
                    english:
                        "has a code point Unicode 17.0 does not assign at position \(position) (\(scalar.namedCodePoint))",
                    japanese: ("の", "\(position) 文字目に Unicode 17.0 で未割り当ての文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .disallowedCharacter(let scalar, let position):
                declaration.problem(
                    .disallowedCharacter,
                    code: .disallowedCharacter,
                    parameters: [("character", scalar), ("position", position)],
                    english: "has a character that is not allowed at position \(position) (\(scalar.namedCodePoint))",
                    japanese: ("の", "\(position) 文字目の文字（\(scalar.namedCodePoint)）は使用できません")
                )
            case .contextRule(let scalar, let position, let rule):
                declaration.problem(
                    .contextRule,
                    code: .contextRule,
                    parameters: [("character", scalar), ("position", position), ("rule", rule)],
                    english:
                        "has \(scalar.namedCodePoint) at position \(position) where it is not allowed (\(Self.words(rule).english))",
                    japanese: (
                        "の", "\(position) 文字目の \(scalar.namedCodePoint) はこの位置では使用できません（\(Self.words(rule).japanese)）"
                    )
                )
            case .emptyAfterMapping:
                declaration.problem(
                    .emptyAfterMapping,
                    code: .emptyAfterMapping,
                    english: "is empty once spaces are trimmed and the text is normalized",
                    japanese: ("は", "空白の除去と正規化の後に空になります。文字を入力してください")
                )
            case .tooLongAfterMapping(let maximum, let length):
                declaration.problem(
                    .tooLongAfterMapping,
                    code: .tooLong,
                    parameters: [("maximum", maximum), ("length", length)],
                    english: "is too long once normalized (\(length) characters, maximum \(maximum))",
                    japanese: ("は", "正規化すると \(length) 文字になります。\(maximum) 文字以内で入力してください")
                )
            case .unstableMapping:
                declaration.problem(
                    .unstableMapping,
                    code: .unstableMapping,
                    english: "does not settle when normalized",
                    japanese: ("は", "正規化の結果が定まりません")
                )
            }
        }

        /// Where `rule` allows its characters, in English and in Japanese.
        private static func words(_ rule: ContextRule) -> (english: String, japanese: String) {
            switch rule {
            case .zeroWidthNonJoiner: ("only after a virama or between joining letters", "ヴィラーマの後、または連結する文字の間のみ")
            case .zeroWidthJoiner: ("only after a virama", "ヴィラーマの後のみ")
            case .middleDot: ("only between two 'l'", "'l' と 'l' の間のみ")
            case .greekKeraia: ("only before a Greek letter", "ギリシャ文字の前のみ")
            case .hebrewPunctuation: ("only after a Hebrew letter", "ヘブライ文字の後のみ")
            case .katakanaMiddleDot: ("only with Hiragana, Katakana or Kanji in the name", "ひらがな・カタカナ・漢字を含む名前のみ")
            case .arabicIndicDigits: ("not with Extended Arabic-Indic digits", "拡張アラビア・インド数字と混在できません")
            case .extendedArabicIndicDigits: ("not with Arabic-Indic digits", "アラビア・インド数字と混在できません")
            }
        }

        /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .controlCharacter: parameters.make(Self.controlCharacter, "character", "position")
            case .invisibleCharacter: parameters.make(Self.invisibleCharacter, "character", "position")
            case .bidiControl: parameters.make(Self.bidiControl, "character", "position")
            case .unassignedCharacter: parameters.make(Self.unassignedCharacter, "character", "position")
            case .disallowedCharacter: parameters.make(Self.disallowedCharacter, "character", "position")
            case .contextRule: parameters.make(Self.contextRule, "character", "position", "rule")
            case .emptyAfterMapping: .emptyAfterMapping
            case .tooLongAfterMapping: parameters.make(Self.tooLongAfterMapping, "maximum", "length")
            case .unstableMapping: .unstableMapping
            }
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
