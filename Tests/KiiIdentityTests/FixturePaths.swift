import Foundation
import KiiIdentity
import Testing

/// Where the repository's `Fixtures/` live, found from this file's path (no working-directory assumption).
enum FixturePaths {
    /// `<repository>/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // KiiIdentityTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The URL of `name` inside `Fixtures/`.
    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }
}

/// Small helpers shared by the suites.
enum Probe {
    /// The error `body` throws, or `nil` when it does not throw.
    static func error<T>(
        _ body: () throws -> T,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ValidationError? {
        do {
            _ = try body()
            return nil
        } catch let error as ValidationError {
            return error
        } catch {
            Issue.record("threw \(error), not a ValidationError", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The problems' codes, in order, as raw values.
    static func codes(_ error: ValidationError?) -> [String] {
        error?.problems.map(\.code.rawValue) ?? []
    }

    /// The E.164 form of the number `body` gives, or its error codes.
    static func outcome(_ body: () throws -> PhoneNumber) -> String {
        do {
            return try body().e164
        } catch let error as ValidationError {
            return codes(error).joined(separator: ",")
        } catch {
            return "\(error)"
        }
    }
}
