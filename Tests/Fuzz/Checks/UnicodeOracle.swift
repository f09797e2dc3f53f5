import Foundation
import KiiIdentity

/// PyPI `precis-i18n` 1.1.2 over `unicodedata2` 17.0.1 (RFC 8266's Nickname profile) and ICU 78's
/// TR39 skeleton (`icukit-pyicu`), behind `Scripts/unicode-oracle/oracle.py`: the display-name
/// policy's and the username lookalike key's oracle. The Python comes from
/// `KII_UNICODE_ORACLE_PYTHON`, or the virtual environment `make unicode-oracle` makes in
/// `.build-unicode` (`make test` and CI make it first).
package struct UnicodeOracle: Sendable {
    private let process: ScriptOracle

    /// The versions that answer (`precis-i18n 1.1.2, Unicode 17.0.0, ICU 78.3`).
    package var version: String { process.probeReply }

    /// The interpreter with the oracle's modules.
    static var python: String {
        ProcessInfo.processInfo.environment["KII_UNICODE_ORACLE_PYTHON"]
            ?? ScriptOracle.packageRoot.appendingPathComponent(".build-unicode/bin/python").path
    }

    /// The oracle every check shares, started on first use; why it could not start otherwise.
    package static let shared: Result<UnicodeOracle, ScriptOracle.Unavailable> = {
        do {
            return .success(
                UnicodeOracle(
                    process: try ScriptOracle(python: python, script: "Scripts/unicode-oracle/oracle.py", probe: ["V"])
                )
            )
        } catch let error as ScriptOracle.Unavailable {
            return .failure(
                ScriptOracle.Unavailable(
                    description: "the Unicode oracle (precis-i18n, unicodedata2, icukit-pyicu) is not available: "
                        + "\(error). Run `make unicode-oracle`"
                )
            )
        } catch {
            return .failure(ScriptOracle.Unavailable(description: "\(error)"))
        }
    }()

    /// precis-i18n's answer for a display name.
    package struct NicknameVerdict: Sendable, Equatable {
        /// The enforced name, or `nil` when refused.
        package let enforced: String?
        /// precis-i18n's reason when refused (`DISALLOWED/controls`).
        package let reason: String?
        /// Whether the text holds an RGI emoji sequence (this package's extension applies).
        package let holdsEmoji: Bool
    }

    /// The Nickname profile's verdict on `text`; `nil` when the oracle has gone.
    package func nickname(_ text: String) -> NicknameVerdict? {
        let reply = process.ask(["N", Self.json(text)])
        guard reply.count == 3 else { return nil }
        let emoji = reply[2] == "1"
        if reply[0] == "ok" {
            return NicknameVerdict(enforced: Self.string(json: reply[1]), reason: nil, holdsEmoji: emoji)
        }
        return NicknameVerdict(enforced: nil, reason: reply[1], holdsEmoji: emoji)
    }

    /// ICU's `uspoof_getSkeleton` of `text`; `nil` when the oracle has gone.
    package func skeleton(_ text: String) -> String? {
        process.ask(["S", Self.json(text)]).first.flatMap(Self.string(json:))
    }

    /// ICU's NFKC of `scalars`, and whether they hold an RGI emoji sequence; `nil` when the oracle
    /// has gone.
    package func nfkc(_ scalars: [UInt32]) -> (scalars: [UInt32], holdsEmoji: Bool)? {
        let reply = process.ask(["K", ScalarHex.text(scalars)])
        guard reply.count == 2, let normalized = ScalarHex.scalars(reply[0]) else { return nil }
        return (normalized, reply[1] == "1")
    }

    /// ICU's NFKC over `prefix`, then each code point of `range` but the surrogates, then
    /// `suffix`: how many texts, and those whose NFKC is not themselves (by code point, with
    /// that NFKC); `nil` when the oracle has gone.
    package func changedCodePoints(
        prefix: [UInt32],
        suffix: [UInt32],
        in range: ClosedRange<UInt32>
    ) -> (count: Int, changed: [UInt32: [UInt32]])? {
        let reply = process.ask([
            "C", ScalarHex.text(prefix), ScalarHex.text(suffix), String(range.lowerBound, radix: 16),
            String(range.upperBound, radix: 16),
        ])
        guard reply.count == 2, let count = Int(reply[0]) else { return nil }
        var changed: [UInt32: [UInt32]] = [:]
        for entry in reply[1].split(separator: ",") {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let codePoint = UInt32(parts[0], radix: 16),
                let normalized = ScalarHex.scalars(String(parts[1]))
            else { return nil }
            changed[codePoint] = normalized
        }
        return (count, changed)
    }

    private static func json(_ text: String) -> String {
        let data = try! JSONEncoder().encode([text])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    private static func string(json: String) -> String? {
        (try? JSONDecoder().decode([String].self, from: Data("[\(json)]".utf8)))?.first
    }
}
