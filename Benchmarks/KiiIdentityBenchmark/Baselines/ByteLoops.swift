import KiiIdentity

/// Raw byte loops of KiiIdentity's rules, written the plain way: the floor the engine is held to.
///
/// Each reads `String.utf8` directly, with no tables and no error building.
enum ByteLoops {
    static func username(_ raw: String) -> Bool {
        let utf8 = raw.utf8
        guard (3...64).contains(utf8.count) else { return false }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            default:
                return false
            }
        }
        return true
    }

    static func password(_ raw: String) -> Bool {
        let utf8 = raw.utf8
        guard (4...50).contains(utf8.count) else { return false }
        for byte in utf8 where byte < 0x20 || byte > 0x7E { return false }
        return true
    }

    /// The email address rule, in one pass.
    static func email(_ raw: String) -> Bool {
        let utf8 = raw.utf8
        guard (1...200).contains(utf8.count) else { return false }
        var iterator = utf8.makeIterator()
        var localLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        var sawAt = false
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "@") {
                sawAt = true
                break
            }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"),
                UInt8(ascii: "-"):
                break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: ".") { return false }
            default:
                return false
            }
            previous = byte
            localLength += 1
        }
        guard sawAt, (1...64).contains(localLength), previous != UInt8(ascii: ".") else { return false }
        var labels = 0
        var labelLength = 0
        var allDigits = true
        previous = UInt8(ascii: ".")
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "."):
                if labelLength == 0 || previous == UInt8(ascii: "-") { return false }
                labels += 1
                labelLength = 0
                allDigits = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                labelLength += 1
                allDigits = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                labelLength += 1
            case UInt8(ascii: "-"):
                if labelLength == 0 { return false }
                labelLength += 1
                allDigits = false
            default:
                return false
            }
            if labelLength > 63 { return false }
            previous = byte
        }
        return labels >= 1 && labelLength > 0 && previous != UInt8(ascii: "-") && !allDigits
    }

    /// Two capital letters naming a supported region, looked up in a 26 x 26 table.
    static func country(supported: [String]) -> (String) -> Bool {
        var table = [Bool](repeating: false, count: 26 * 26)
        for code in supported {
            let bytes = Array(code.utf8)
            table[Int(bytes[0] - 0x41) * 26 + Int(bytes[1] - 0x41)] = true
        }
        return { raw in
            let utf8 = raw.utf8
            guard utf8.count == 2 else { return false }
            let first = utf8[utf8.startIndex] &- 0x41
            let second = utf8[utf8.index(after: utf8.startIndex)] &- 0x41
            return first < 26 && second < 26 && table[Int(first) * 26 + Int(second)]
        }
    }

    /// Login identifier classification: `@` anywhere → email (1), else a leading `+` → phone (2), else digits with a
    /// country → local phone (3), else username (4); 0 for the empty string, which has no kind.
    static func classify(_ raw: String, hasCountry: Bool) -> Int {
        let utf8 = raw.utf8
        guard let first = utf8.first else { return 0 }
        var allDigits = true
        for byte in utf8 {
            if byte == UInt8(ascii: "@") { return 1 }
            allDigits = allDigits && byte &- 0x30 < 10
        }
        if first == UInt8(ascii: "+") { return 2 }
        return hasCountry && allDigits ? 3 : 4
    }

    /// The phone syntax floor: `+` then 10 to 15 digits (what a regex checks; no number lookup).
    static func phoneSyntax(_ raw: String) -> Bool {
        let utf8 = raw.utf8
        guard (11...16).contains(utf8.count), utf8.first == UInt8(ascii: "+") else { return false }
        for byte in utf8.dropFirst() where byte &- 0x30 >= 10 { return false }
        return true
    }

    /// A display name: 1 to 50 Unicode scalars (counted from lead bytes).
    static func displayName(_ raw: String) -> Bool {
        let utf8 = raw.utf8
        guard utf8.count <= 200 else { return false }
        var scalars = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { scalars += 1 }
        return (1...50).contains(scalars)
    }
}
