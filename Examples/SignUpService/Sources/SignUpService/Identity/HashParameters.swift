/// A password hash's scheme and costs, as the hash's own text names them: `$2b$12$…` is bcrypt at
/// cost 12, `$argon2id$v=19$m=19456,t=2,p=1$…` Argon2id at OWASP's parameters. What new hashes
/// are made with, what a stored hash was made with (``needsRehash``), and what a decoy costs.
public enum HashParameters: Sendable, Hashable {
    /// bcrypt at `cost` (4 to 31).
    case bcrypt(cost: UInt8)
    /// Argon2id, version 1.3 (`v=19`).
    case argon2id(Argon2Parameters)

    /// The scheme of these parameters.
    public var scheme: PasswordScheme {
        switch self {
        case .bcrypt: .bcrypt
        case .argon2id: .argon2id
        }
    }

    /// The text a hash of these parameters starts with: `$2b$12$`, or
    /// `$argon2id$v=19$m=19456,t=2,p=1$`.
    public var prefix: String {
        switch self {
        case .bcrypt(let cost): cost < 10 ? "$2b$0\(cost)$" : "$2b$\(cost)$"
        case .argon2id(let parameters):
            "$argon2id$v=19$m=\(parameters.memoryKiB),t=\(parameters.iterations),p=\(parameters.parallelism)$"
        }
    }

    /// The parameters `hash` was made with (a whole hash, or its ``prefix``); `nil` for text that
    /// is neither a bcrypt hash (`$2a$`, `$2b$`, `$2y$`) nor an Argon2id hash of version 1.3.
    public init?(ofHash hash: String) {
        if let cost = Self.bcryptCost(of: hash) {
            self = .bcrypt(cost: cost)
        } else if let parameters = Self.argon2idParameters(of: hash) {
            self = .argon2id(parameters)
        } else {
            return nil
        }
    }

    private static func bcryptCost(of hash: String) -> UInt8? {
        let bytes = Array(hash.utf8.prefix(7))
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
            bytes[3] == UInt8(ascii: "$"), bytes[6] == UInt8(ascii: "$"),
            bytes[4] &- 0x30 < 10, bytes[5] &- 0x30 < 10
        else { return nil }
        let cost = (bytes[4] - 0x30) * 10 + (bytes[5] - 0x30)
        return (4...31).contains(cost) ? cost : nil
    }

    private static func argon2idParameters(of hash: String) -> Argon2Parameters? {
        // "", "argon2id", "v=19", "m=…,t=…,p=…", then the salt and the tag (or nothing after a prefix).
        let fields = hash.utf8.split(separator: UInt8(ascii: "$"), maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0].isEmpty, fields[1].elementsEqual("argon2id".utf8),
            fields[2].elementsEqual("v=19".utf8)
        else { return nil }
        let costs = fields[3].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard costs.count == 3 else { return nil }
        var values: [UInt32] = []
        for (cost, name) in zip(costs, ["m=", "t=", "p="]) {
            let text = String(decoding: cost, as: UTF8.self)
            guard text.hasPrefix(name) else { return nil }
            let digits = text.utf8.dropFirst(2)
            guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 &- 0x30 < 10 }),
                let value = UInt32(String(decoding: digits, as: UTF8.self))
            else { return nil }
            values.append(value)
        }
        let parameters = Argon2Parameters(memoryKiB: values[0], iterations: values[1], parallelism: values[2])
        return parameters.isUsable ? parameters : nil
    }
}
