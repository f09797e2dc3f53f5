/// A piece of a replacement text of the metadata, read once when the tables compile: a literal
/// ASCII byte, or group `n`'s capture (`$n`). National prefix transform rules (`9$1`) and number
/// formats (`$1-$2-$3`, with a national prefix formatting rule `0$1` joined to it) are made of
/// them.
enum RewritePart: Sendable, BitwiseCopyable, Equatable {
    case literal(UInt8)
    case group(Int)

    /// `text` as parts; `nil` for a `$` not followed by a digit, a byte outside `literals`, or
    /// any byte past ASCII.
    static func parse(_ text: String, literals: (UInt8) -> Bool) -> [RewritePart]? {
        var parts: [RewritePart] = []
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "$") {
                guard let digit = bytes.next(), digit &- 0x30 < 10 else { return nil }
                parts.append(.group(Int(digit - 0x30)))
            } else if byte < 0x80, literals(byte) {
                parts.append(.literal(byte))
            } else {
                return nil
            }
        }
        return parts
    }

    /// The greatest group the parts refer to (0 for none).
    static func highestGroup(_ parts: [RewritePart]) -> Int {
        parts.reduce(0) { highest, part in
            if case .group(let group) = part { max(highest, group) } else { highest }
        }
    }
}
