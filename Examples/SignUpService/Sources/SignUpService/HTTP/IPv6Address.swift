/// The text form of an IPv6 address (RFC 4291, section 2.2) read into its 16 bytes: groups of
/// one to four hex digits, at most one `::`, an IPv4 address as the last 32 bits, a zone
/// (`%eth0`) ignored.
enum IPv6Address {
    /// The 16 bytes of `text`, or `nil` when it is not an IPv6 address.
    static func bytes(of text: String) -> [UInt8]? {
        let address = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard address.utf8.count <= 45 else { return nil }
        let halves = address.split(separator: "::", maxSplits: 2, omittingEmptySubsequences: false)
            .map(String.init)
        guard halves.count <= 2 else { return nil }
        guard let head = groups(of: halves[0], last: halves.count == 1) else { return nil }
        let tail = halves.count == 2 ? groups(of: halves[1], last: true) : []
        guard let tail else { return nil }
        let written = head.count + tail.count
        if halves.count == 1 {
            guard written == 8 else { return nil }
        } else {
            guard written <= 7 else { return nil }
        }
        let words = head + Array(repeating: 0, count: 8 - written) + tail
        return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// The 16-bit groups of one side of `::` (empty text: none); `last`: the side that may end
    /// in an IPv4 address.
    private static func groups(of text: String, last: Bool) -> [UInt16]? {
        guard !text.isEmpty else { return [] }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var words: [UInt16] = []
        for (index, part) in parts.enumerated() {
            if last && index == parts.count - 1 && part.contains(".") {
                guard let octets = ipv4(part) else { return nil }
                words.append(UInt16(octets[0]) << 8 | UInt16(octets[1]))
                words.append(UInt16(octets[2]) << 8 | UInt16(octets[3]))
            } else {
                guard (1...4).contains(part.utf8.count), let word = UInt16(part, radix: 16) else { return nil }
                words.append(word)
            }
        }
        return words
    }

    /// The four bytes of a dotted IPv4 address, or `nil`.
    private static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let octet = UInt8(part)
            else { return nil }
            octets.append(octet)
        }
        return octets
    }
}
