import Foundation

/// Identifiers no other test uses, so that tests on one PostgreSQL server never meet (each also
/// has a schema of its own) and a failure names its own data.
enum Unique {
    /// A short random tag: `k3j9x2`.
    static func tag() -> String {
        String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(10))
    }
}
