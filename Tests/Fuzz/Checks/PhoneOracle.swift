import Foundation

/// PyPI `phonenumbers` of the bundled libphonenumber release, behind
/// `Scripts/phone-oracle/oracle.py`: the bundled metadata's oracle, held open and asked one line
/// at a time (the protocol is at the top of the script).
///
/// The Python comes from `KII_PHONE_ORACLE_PYTHON`, or the virtual environment `make phone-oracle`
/// makes in `.build-oracle` (`make test` and CI make it first). Asking is serialised: tests that
/// run at once share the one process (a ``ScriptOracle``).
package struct PhoneOracle: Sendable {
    private let process: ScriptOracle

    /// The interpreter with `phonenumbers` installed.
    static var python: String {
        ProcessInfo.processInfo.environment["KII_PHONE_ORACLE_PYTHON"]
            ?? ScriptOracle.packageRoot.appendingPathComponent(".build-oracle/bin/python").path
    }

    /// The oracle every check shares, started on first use; why it could not start otherwise.
    package static let shared: Result<PhoneOracle, OracleUnavailable> = {
        do {
            return .success(try PhoneOracle(python: python))
        } catch let error as OracleUnavailable {
            return .failure(error)
        } catch {
            return .failure(OracleUnavailable(reason: "\(error)"))
        }
    }()

    /// The oracle could not start: no interpreter, or no `phonenumbers` in it.
    package struct OracleUnavailable: Error, CustomStringConvertible {
        package let reason: String
        package var description: String {
            "the phone oracle (PyPI phonenumbers) is not available: \(reason). Run `make phone-oracle` (or "
                + "set KII_PHONE_ORACLE_PYTHON to a Python with phonenumbers installed)"
        }
    }

    init(python: String) throws {
        do {
            process = try ScriptOracle(python: python, script: "Scripts/phone-oracle/oracle.py", probe: ["V"])
        } catch let error as ScriptOracle.Unavailable {
            throw OracleUnavailable(reason: "\(error) (is phonenumbers installed?)")
        }
        guard process.probeReply != "?" else {
            throw OracleUnavailable(reason: "\(python) did not answer (is phonenumbers installed?)")
        }
    }

    /// The `phonenumbers` version that answers (the bundled release's, `make phone-oracle`).
    package var version: String { process.probeReply }

    /// Sends one request (its fields joined by tabs) and returns the reply's fields; empty when
    /// the process has gone.
    package func ask(_ fields: [String]) -> [String] {
        process.ask(fields)
    }
}
