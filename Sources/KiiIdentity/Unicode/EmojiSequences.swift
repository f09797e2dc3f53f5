/// The RGI emoji sequences of Unicode 17.0 (ZWJ sequences, emoji with U+FE0F, keycaps, flags,
/// tag sequences, modifier sequences, basic emoji), found in a text as units.
enum EmojiSequences {
    /// The length in scalars of the longest RGI emoji sequence that starts at `start` of
    /// `scalars`, or 0.
    static func match(_ scalars: [UInt32], at start: Int, tables: UnicodeData) -> Int {
        let first = scalars[start]
        // Every sequence starts with '#', '*', a digit (keycaps) or a scalar from U+00A9 on.
        guard first >= 0xA9 || first == 0x23 || first == 0x2A || (first >= 0x30 && first <= 0x39) else { return 0 }
        guard let group = UnicodeData.search(tables.emojiFirsts, for: first) else { return 0 }
        var position = tables.emojiStarts[group]
        let end = tables.emojiStarts[group + 1]
        let sequences = tables.emojiSequences
        // Longest first within a group: the first that matches is the longest.
        while position < end {
            let length = Int(sequences[position])
            if start + length <= scalars.count {
                var offset = 1
                while offset < length && sequences[position + 1 + offset] == scalars[start + offset] { offset += 1 }
                if offset == length { return length }
            }
            position += 1 + length
        }
        return 0
    }

}
