import Foundation
import KiiIdentity

/// The password blocklist's lookup alone (`PasswordBlocklist.contains`: the password folded,
/// hashed and looked up in a 16-bit binary fuse filter): the in-library set, and the full set's
/// file when `make password-blocklist` has written it.
extension Scenarios {
    static let passwordBlocklistName = "password blocklist lookup"
    static let passwordBlocklistFullName = "password blocklist lookup, full set"
    static let passwordBlocklistLoadName = "password blocklist load, full set"
    /// Where `make password-blocklist` writes the full set, from the repository's root.
    static let passwordBlocklistFile = ".build-password-blocklist/password-blocklist.kiipwbl"

    /// 16-character ASCII passwords, fixed: letters, digits and punctuation.
    static let sixteenCharacterPasswords: [String] = {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-.:;=?@_~ ".utf8)
        var state: UInt64 = 0x4B69_6920_5057_4431
        return (0..<400).map { _ in
            String(
                decoding: (0..<16).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                },
                as: UTF8.self
            )
        }
    }()

    func passwordBlocklistLookup() -> Scenario {
        let inputs = Self.sixteenCharacterPasswords
        let blocklist = PasswordBlocklist.builtIn
        return Scenario(
            name: Self.passwordBlocklistName,
            summary: "\(inputs.count) passwords of 16 ASCII characters; the in-library set, "
                + "\(blocklist.entryCount) entries",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "PasswordBlocklist.builtIn.contains", role: .engine) { index in
                    !blocklist.contains(inputs[index])
                },
                Contender(name: "Kii's rule (Password.init)", role: .baseline) { index in
                    (try? Password(inputs[index])) != nil
                },
            ]
        )
    }

    static let passwordNISTName = "password, NIST policy"

    /// `Password(_:policy: .nist, context:)` on 16-character ASCII passwords with a context of a
    /// username, an email address, a display name and a word: every check, the blocklist and the
    /// context included.
    func passwordNIST() -> Scenario {
        let inputs = Self.sixteenCharacterPasswords
        let context = PasswordContext(
            username: "taro_yamada",
            email: "taro.yamada@example.com",
            displayName: "Taro Yamada",
            words: ["ExampleApp"]
        )
        return Scenario(
            name: Self.passwordNISTName,
            summary: "\(inputs.count) passwords of 16 ASCII characters, a context of 4 words and more",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "Password(_:policy: .nist, context:)", role: .engine) { index in
                    (try? Password(inputs[index], policy: .nist, context: context)) != nil
                },
                Contender(name: "Kii's rule (Password.init)", role: .baseline) { index in
                    (try? Password(inputs[index])) != nil
                },
            ]
        )
    }

    /// The full set's file, when `make password-blocklist` has written it.
    static func passwordBlocklistFull() -> PasswordBlocklist? {
        guard let data = FileManager.default.contents(atPath: passwordBlocklistFile) else { return nil }
        return try? PasswordBlocklist(bytes: [UInt8](data))
    }

    func passwordBlocklistFullLookup(_ blocklist: PasswordBlocklist) -> Scenario {
        let inputs = Self.sixteenCharacterPasswords
        return Scenario(
            name: Self.passwordBlocklistFullName,
            summary: "\(inputs.count) passwords of 16 ASCII characters; the full set's file, "
                + "\(blocklist.entryCount) entries",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "PasswordBlocklist(bytes:).contains", role: .engine) { index in
                    !blocklist.contains(inputs[index])
                },
                Contender(name: "PasswordBlocklist.builtIn.contains", role: .baseline) { index in
                    !PasswordBlocklist.builtIn.contains(inputs[index])
                },
            ]
        )
    }

    /// What a service's start-up spends on `PASSWORD_BLOCKLIST=FILE`: the file read from disk and
    /// `PasswordBlocklist(bytes:)` (its header and checksum verified), one load an operation.
    func passwordBlocklistFullLoad() -> Scenario {
        let path = Self.passwordBlocklistFile
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Scenario(
            name: Self.passwordBlocklistLoadName,
            summary: "\(path), \(size / 1024) KiB",
            inputCount: 1,
            contenders: [
                Contender(name: "read the file, PasswordBlocklist(bytes:)", role: .engine) { _ in
                    guard let data = FileManager.default.contents(atPath: path) else { return false }
                    return ((try? PasswordBlocklist(bytes: [UInt8](data)))?.entryCount ?? 0) > 0
                },
                Contender(name: "read the file alone", role: .variant) { _ in
                    (FileManager.default.contents(atPath: path)?.count ?? 0) > 0
                },
            ]
        )
    }
}
