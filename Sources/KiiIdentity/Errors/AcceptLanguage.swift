extension ValidationError.Language {
    /// The language of reasons an HTTP request asks for in its `Accept-Language` header
    /// (RFC 9110, section 12.5.4); English when the header is absent or names no language
    /// of ``ValidationError/Language``.
    ///
    /// A language range matches a language when its first subtag is that language's tag, in
    /// any case (`ja`, `ja-JP` and `JA-jp` all match Japanese); `*` matches every language the
    /// header does not name otherwise. Each language gets the highest quality (`q`) of the
    /// ranges that match it, 1 when a range has none; `q=0` means "not this one". The
    /// language of the highest quality wins, the one named first on a tie. Elements that break
    /// the header's grammar (a malformed range, a `q` that is not a quality value) are
    /// skipped, never an error: a header is a preference, not an input to reject.
    ///
    /// ```swift
    /// ValidationError.Language(acceptLanguage: "ja-JP,ja;q=0.9,en-US;q=0.8")   // .japanese
    /// ValidationError.Language(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8")    // .english
    /// ValidationError.Language(acceptLanguage: "de, *;q=0.5, en;q=0.1")       // .japanese
    /// ValidationError.Language(acceptLanguage: nil)                              // .english
    /// ```
    ///
    /// - Complexity: O(*n*) in the header's length.
    public init(acceptLanguage header: String?) {
        guard let header else {
            self = .english
            return
        }
        self = header.withUTF8Bytes { bytes in AcceptLanguage.preferred(in: bytes) }
    }
}

/// Reading an `Accept-Language` header over its bytes.
enum AcceptLanguage {
    /// The preferred language of `header`; English when none matches.
    static func preferred(in header: UnsafeBufferPointer<UInt8>) -> ValidationError.Language {
        // Per language (in `allCases` order): the best quality of a range naming it, and the
        // position of the first element that named it.
        var named: [(quality: Int, order: Int)?] = [nil, nil]
        var wildcard: (quality: Int, order: Int)?
        var order = 0
        var start = 0
        while start <= header.count {
            let end = header[start...].firstIndex(of: UInt8(ascii: ",")) ?? header.count
            if let element = Element(UnsafeBufferPointer(rebasing: header[start..<end])) {
                if let language = element.language {
                    let index = ValidationError.Language.allCases.firstIndex(of: language)!
                    let order = named[index]?.order ?? order
                    named[index] = (max(element.quality, named[index]?.quality ?? 0), order)
                } else if element.isWildcard {
                    wildcard = (max(element.quality, wildcard?.quality ?? 0), wildcard?.order ?? order)
                }
                order += 1
            }
            start = end + 1
        }
        var best: (language: ValidationError.Language, quality: Int, order: Int)?
        for (index, language) in ValidationError.Language.allCases.enumerated() {
            guard let candidate = named[index] ?? wildcard, candidate.quality > 0 else { continue }
            if let current = best,
                current.quality > candidate.quality
                    || (current.quality == candidate.quality && current.order <= candidate.order)
            {
                continue
            }
            best = (language, candidate.quality, candidate.order)
        }
        return best?.language ?? .english
    }

    /// One element of the header: a language range and its quality in thousandths.
    struct Element {
        /// The language the range names by its first subtag, `nil` for `*` or another language.
        var language: ValidationError.Language?
        /// Whether the range is `*`.
        var isWildcard: Bool
        /// The quality, 0...1000.
        var quality: Int

        /// Reads `range *( OWS ";" OWS parameter )`, white space around it; `nil` when malformed.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            var parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).makeIterator()
            guard let range = parts.next().map(Self.trimmed), !range.isEmpty else { return nil }
            if range.elementsEqual("*".utf8) {
                language = nil
                isWildcard = true
            } else {
                guard let primary = Self.primarySubtag(of: range) else { return nil }
                language = ValidationError.Language.allCases.first { language in
                    primary.elementsEqual(language.rawValue.utf8) { Self.lowercased($0) == $1 }
                }
                isWildcard = false
            }
            quality = 1000
            while let parameter = parts.next().map(Self.trimmed) {
                guard parameter.count >= 2, Self.lowercased(parameter[parameter.startIndex]) == UInt8(ascii: "q"),
                    parameter[parameter.startIndex + 1] == UInt8(ascii: "="),
                    let value = Self.quality(parameter.dropFirst(2))
                else { return nil }
                quality = value
            }
        }

        /// `1*8ALPHA *("-" 1*8alphanum)`: the first subtag, or `nil` when the range is malformed.
        static func primarySubtag(of range: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>>? {
            let subtags = range.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            guard let first = subtags.first, first.allSatisfy(ByteSet.letters.contains) else { return nil }
            for subtag in subtags {
                guard (1...8).contains(subtag.count), subtag.allSatisfy(ByteSet.alphanumerics.contains) else {
                    return nil
                }
            }
            return first
        }

        /// `( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths, or `nil`.
        static func quality(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
            guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
            var value = Int(first - UInt8(ascii: "0")) * 1000
            let rest = text.dropFirst()
            if rest.isEmpty { return value }
            let fraction = rest.dropFirst()
            guard rest.first == UInt8(ascii: "."), fraction.count <= 3, fraction.allSatisfy(ByteSet.digits.contains)
            else { return nil }
            var scale = 100
            for digit in fraction {
                value += Int(digit - UInt8(ascii: "0")) * scale
                scale /= 10
            }
            return value <= 1000 ? value : nil
        }

        /// `bytes` without the spaces and tabs around it.
        static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
            let isWhiteSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            guard let first = bytes.firstIndex(where: { !isWhiteSpace($0) }) else { return bytes[bytes.endIndex...] }
            let last = bytes.lastIndex(where: { !isWhiteSpace($0) })!
            return bytes[first...last]
        }

        static func lowercased(_ byte: UInt8) -> UInt8 {
            ByteSet.upperCaseLetters.contains(byte) ? byte | 0x20 : byte
        }
    }
}
