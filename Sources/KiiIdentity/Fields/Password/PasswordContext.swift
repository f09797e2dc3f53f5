/// What a service knows of the person choosing a password, whose words the password must not
/// hold under ``PasswordPolicy/nist``: their username, email address (and its local part),
/// display name (and each of its words), and words the service adds (its own name).
///
/// Each is folded as the password is (NFKC, lowercase) and then by the username lookalike
/// skeleton (`0` → `o`, `1` → `l`, `m` → `rn`), so `PAYPA1` reads `paypal`; words shorter than
/// ``PasswordPolicy/minimumContextWordLength`` characters do not count. A password that equals
/// or contains a word, or the word read backwards, is refused (`contains_context_word`).
///
/// ```swift
/// let context = PasswordContext(username: "taro_yamada", email: "taro@example.com", words: ["ExampleApp"])
/// try Password("taro_yamada is my name", policy: .nist, context: context)   // throws: contains_context_word
/// ```
public struct PasswordContext: Sendable, Hashable {
    /// The username.
    public let username: String?
    /// The email address; its local part counts too.
    public let email: String?
    /// The display name; each of its words (split at spaces and punctuation) counts too.
    public let displayName: String?
    /// More words: the service's or the app's name, say.
    public let words: [String]
    /// Every word that counts, folded, each once: made once, here.
    let foldedWords: [Word]

    /// A word folded: its skeleton bytes, and those of its code points in reverse order.
    struct Word: Sendable, Hashable {
        let forwards: [UInt8]
        let backwards: [UInt8]
    }

    /// No context.
    public static let none = PasswordContext()

    /// A context; every member is optional.
    public init(username: String? = nil, email: String? = nil, displayName: String? = nil, words: [String] = []) {
        self.username = username
        self.email = email
        self.displayName = displayName
        self.words = words
        foldedWords = Self.fold(username: username, email: email, displayName: displayName, words: words)
    }

    /// Every word that counts, folded (skeleton bytes), each once.
    private static func fold(username: String?, email: String?, displayName: String?, words: [String]) -> [Word] {
        var texts: [String] = []
        if let username { texts.append(username) }
        if let email {
            texts.append(email)
            if let at = email.lastIndex(of: "@") { texts.append(String(email[..<at])) }
        }
        if let displayName {
            texts.append(displayName)
            let parts = displayName.unicodeScalars.split { scalar in
                scalar.value < 0x80
                    ? !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
                    : scalar.properties.isWhitespace
            }
            if parts.count > 1 { texts += parts.map { String(String.UnicodeScalarView($0)) } }
        }
        texts += words
        var folded: [Word] = []
        for text in texts {
            let (bytes, codePoints) = PasswordFolding.fold(text)
            guard codePoints >= PasswordPolicy.minimumContextWordLength else { continue }
            var reversed: [UInt8] = []
            if codePoints == bytes.count {
                reversed = bytes.reversed()
            } else {
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars.reversed() {
                    UTF8.encode(scalar) { reversed.append($0) }
                }
            }
            let word = Word(forwards: PasswordFolding.skeleton(bytes), backwards: PasswordFolding.skeleton(reversed))
            if !folded.contains(word) { folded.append(word) }
        }
        return folded
    }
}

extension PasswordContext {
    /// The context of a password chosen by the user `record` holds (a password change or a
    /// reset): its username, email address and display name, and `words`.
    ///
    /// ```swift
    /// let new = try Password(typed, policy: .nist, context: PasswordContext(record: stored, words: ["ExampleApp"]))
    /// ```
    public init(record: UserRecord, words: [String] = []) {
        self.init(
            username: record.username?.rawValue,
            email: record.email?.rawValue,
            displayName: record.displayName?.rawValue,
            words: words
        )
    }
}
