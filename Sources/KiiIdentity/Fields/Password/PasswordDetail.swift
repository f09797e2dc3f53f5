extension ValidationError {
    /// The problems of a password under ``PasswordPolicy/nist`` beyond its length: the
    /// characters RFC 8265's OpaqueString refuses (by position only, never the character), a
    /// known password, a word of its context, a repetition or a run.
    ///
    /// No reason holds the password or any part of it; each says what to do instead.
    public enum PasswordDetail: DeclaredDetail {
        /// A control character (Cc), or a line or paragraph separator, at `position` (Unicode
        /// scalars of the password as given, from 1).
        case controlCharacter(position: Int)
        /// An invisible or formatting character (default-ignorable, or Cf).
        case invisibleCharacter(position: Int)
        /// A bidirectional formatting character (Bidi_Control).
        case bidiControl(position: Int)
        /// A code point that Unicode 17.0 does not assign.
        case unassignedCharacter(position: Int)
        /// Another character the FreeformClass does not allow, or a joiner outside the context
        /// RFC 5892 allows it in.
        case disallowedCharacter(position: Int)
        /// The whole password, folded, is a known password (``PasswordBlocklist``).
        case commonPassword
        /// The password holds (or is the reverse of) a word of its ``PasswordContext``.
        case containsContextWord
        /// The password is one unit of 1 to 4 characters repeated, or a run of consecutive
        /// characters.
        case repetitiveOrSequential

        /// The names of the cases, as a problem is encoded under `detail`.
        package enum Name: String, CaseIterable, Sendable {
            case controlCharacter = "passwordControlCharacter"
            case invisibleCharacter = "passwordInvisibleCharacter"
            case bidiControl = "passwordBidiControl"
            case unassignedCharacter = "passwordUnassignedCharacter"
            case disallowedCharacter = "passwordDisallowedCharacter"
            case commonPassword, containsContextWord, repetitiveOrSequential
        }

        /// Each case's name, code, parameters and words (see ``DeclaredDetail``).
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            switch self {
            case .controlCharacter(let position):
                declaration.problem(
                    .controlCharacter,
                    code: .controlCharacter,
                    parameters: [("position", position)],
                    english: "has a control character at position \(position); remove it",
                    japanese: ("の", "\(position) 文字目に制御文字は使用できません。取り除いてください")
                )
            case .invisibleCharacter(let position):
                declaration.problem(
                    .invisibleCharacter,
                    code: .invisibleCharacter,
                    parameters: [("position", position)],
                    english: "has an invisible or formatting character at position \(position); remove it",
                    japanese: ("の", "\(position) 文字目に見えない文字・書式文字は使用できません。取り除いてください")
                )
            case .bidiControl(let position):
                declaration.problem(
                    .bidiControl,
                    code: .bidiControl,
                    parameters: [("position", position)],
                    english: "has a character that changes the text's direction at position \(position); remove it",
                    japanese: ("の", "\(position) 文字目に文字の向きを変える制御文字は使用できません。取り除いてください")
                )
            case .unassignedCharacter(let position):
                declaration.problem(
                    .unassignedCharacter,
                    code: .unassignedCharacter,
                    parameters: [("position", position)],
                    english: "has a code point Unicode 17.0 does not assign at position \(position); remove it",
                    japanese: ("の", "\(position) 文字目に Unicode 17.0 で未割り当ての文字は使用できません。取り除いてください")
                )
            case .disallowedCharacter(let position):
                declaration.problem(
                    .disallowedCharacter,
                    code: .disallowedCharacter,
                    parameters: [("position", position)],
                    english: "has a character that is not allowed at position \(position); remove it",
                    japanese: ("の", "\(position) 文字目の文字は使用できません。取り除いてください")
                )
            case .commonPassword:
                declaration.problem(
                    .commonPassword,
                    code: .commonPassword,
                    english: "is a commonly used or breached password; choose another, such as a few unrelated words",
                    japanese: ("は", "よく使われている、または漏洩したパスワードです。関係のない単語をいくつか並べるなど、別のパスワードにしてください")
                )
            case .containsContextWord:
                declaration.problem(
                    .containsContextWord,
                    code: .containsContextWord,
                    english:
                        "contains your username, email address or name, or the app's name; choose one without them",
                    japanese: ("は", "ユーザー名・メールアドレス・名前・アプリ名を含んでいます。それらを含まないパスワードにしてください")
                )
            case .repetitiveOrSequential:
                declaration.problem(
                    .repetitiveOrSequential,
                    code: .repetitiveOrSequential,
                    english: "only repeats a few characters or runs through consecutive ones; choose another",
                    japanese: ("は", "同じ文字の繰り返しか連続した文字だけでできています。別のパスワードにしてください")
                )
            }
        }

        /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .controlCharacter: parameters.make(Self.controlCharacter, "position")
            case .invisibleCharacter: parameters.make(Self.invisibleCharacter, "position")
            case .bidiControl: parameters.make(Self.bidiControl, "position")
            case .unassignedCharacter: parameters.make(Self.unassignedCharacter, "position")
            case .disallowedCharacter: parameters.make(Self.disallowedCharacter, "position")
            case .commonPassword: .commonPassword
            case .containsContextWord: .containsContextWord
            case .repetitiveOrSequential: .repetitiveOrSequential
            }
        }
    }
}
