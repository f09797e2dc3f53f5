import Testing

@testable import KiiIdentity

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Length before content, checked without timing anything: every entry
/// point's byte check gets a 10 MB buffer of which only the first page can be read. The rest is
/// mapped `PROT_NONE`, so reading past a small constant number of bytes crashes the test
/// process instead of passing slowly.
///
/// The public entry points hand these functions the string's own UTF-8 storage
/// (`String.withUTF8Bytes`, no copy for native strings) or look at `String.utf8.count` first,
/// which is O(1) for native strings: the stored count, no scan (`LoginIdentifier`,
/// `PhoneNumber.isValid(international:)`, `JSONValue(parsing:)` and `Registration(json:)` test
/// it before anything else). That is what makes the public rejection constant-time too; the
/// benchmark's `oversized input` scenarios time every public entry point.
@Suite struct GuardedMemoryTests {
    /// A 10 MiB mapping whose first page holds `prefix` then `filler` repeated; the rest
    /// cannot be read.
    final class GuardedBuffer: @unchecked Sendable {
        static let size = 10 << 20
        static let readable = 4096
        let base: UnsafeMutableRawPointer

        init(prefix: String = "", filler: String) {
            let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            precondition(mapped != MAP_FAILED, "mmap failed")
            base = mapped!
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            let pattern = Array(prefix.utf8) + Array(repeating: Array(filler.utf8), count: Self.readable).joined()
            for index in 0..<Self.readable { bytes[index] = pattern[index] }
            precondition(mprotect(base + Self.readable, Self.size - Self.readable, PROT_NONE) == 0, "mprotect failed")
        }

        /// All 10 MiB, as the entry points see a string's bytes.
        var bytes: UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: Self.size)
        }

        deinit { munmap(base, Self.size) }
    }

    /// The codes of a throwing check, `[]` when it passes.
    static func codes(_ body: () throws(ValidationError) -> Void) -> [String] {
        do throws(ValidationError) {
            try body()
            return []
        } catch {
            return error.problems.map(\.code.rawValue)
        }
    }

    @Test("the guard is real: the first page reads, the one after it would crash")
    func guardIsInPlace() {
        let buffer = GuardedBuffer(filler: "a")
        #expect(buffer.bytes[GuardedBuffer.readable - 1] == UInt8(ascii: "a"))
        #expect(buffer.bytes.count == 10 << 20)
    }

    @Test("fields reject 10 MB of allowed bytes without reading them")
    func fields() {
        let letters = GuardedBuffer(filler: "a")
        #expect(!Username.isValidBytes(letters.bytes))
        #expect(Username.diagnose(letters.bytes).map(\.code) == [.tooLong])
        #expect(!Password.isValidBytes(letters.bytes))
        #expect(Password.diagnose(letters.bytes).map(\.code) == [.tooLong])
        #expect(!LocaleTag.isValidBytes(letters.bytes))
        #expect(LocaleTag.diagnose(letters.bytes).map(\.code) == [.tooLong])
        #expect(!DisplayName.hasAllowedLength(letters.bytes))
        #expect(!RegionTable.contains(letters.bytes))
        #expect(RegionTable.bundled.region(letters.bytes) == nil)
        #expect(CountryCode.diagnose(letters.bytes).map(\.code) == [.tooLong])

        let email = GuardedBuffer(prefix: "a@", filler: "abcdefghij.")
        #expect(!EmailAddress.isValidBytes(email.bytes))
        #expect(EmailAddress.diagnose(email.bytes).map(\.code) == [.tooLong])
        let localPart = GuardedBuffer(filler: "a")
        #expect(!EmailAddress.isValidBytes(localPart.bytes))
    }

    @Test("the JSON reader rejects 10 MB of valid JSON without reading it")
    func json() {
        let document = GuardedBuffer(prefix: #"{"loginName":"ann","displayName":""#, filler: "a")
        #expect(
            Self.codes { () throws(ValidationError) in _ = try JSONValue.parse(document.bytes, field: .json) }
                == ["too_long"]
        )
        #expect(
            Self.codes { () throws(ValidationError) in _ = try JSONValue.parseObject(document.bytes, field: .json) }
                == ["too_long"]
        )
    }

    @Test("every phone form rejects 10 MB of digits without reading them")
    func phones() {
        let international = GuardedBuffer(prefix: "+", filler: "8")
        #expect(!PhoneSyntax.isInternationalSyntaxValid(international.bytes, policy: .default))
        #expect(
            Self.codes { () throws(ValidationError) in
                _ = try PhoneSyntax.international(international.bytes, policy: .default)
            } == ["too_long"]
        )
        let local = GuardedBuffer(filler: "9")
        #expect(
            Self.codes { () throws(ValidationError) in
                _ = try PhoneResolver.local(
                    local.bytes,
                    country: "JP",
                    countryField: .country,
                    policy: .default,
                    engine: PhoneResolver.Engine.compiled(.bundled)
                )
            } == ["too_long"]
        )
        #expect(PhoneSyntax.localProblems(local.bytes).map(\.code) == [.tooLong])
        let rest = GuardedBuffer(prefix: "JP-", filler: "9")
        #expect(
            Self.codes { () throws(ValidationError) in
                _ = try PhoneResolver.rest(
                    rest.bytes,
                    policy: .default,
                    engine: PhoneResolver.Engine.compiled(.bundled)
                )
            }
                == ["too_long"]
        )
        for prefix in ["+", ""] {
            let typed = GuardedBuffer(prefix: prefix, filler: "9")
            #expect(
                Self.codes { () throws(ValidationError) in
                    _ = try PhoneResolver.userInput(
                        typed.bytes,
                        country: "JP",
                        policy: .default,
                        engine: PhoneResolver.Engine.compiled(.bundled)
                    )
                } == ["too_long"]
            )
        }
    }
}
