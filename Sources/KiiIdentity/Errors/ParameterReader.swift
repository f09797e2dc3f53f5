/// Reads the encoded parameters of a detail (all strings) back into values, for the detail
/// types' `init?(name:parameters:)`.
package struct ParameterReader {
    let parameters: [String: String]

    /// A reader of `parameters`.
    package init(_ parameters: [String: String]) {
        self.parameters = parameters
    }

    /// The parameter `key` as a decimal integer.
    package func int(_ key: String) -> Int? {
        parameters[key].flatMap { Int($0) }
    }

    /// The parameter `key` as the raw value of `Value`.
    package func value<Value: RawRepresentable>(_ key: String) -> Value? where Value.RawValue == String {
        parameters[key].flatMap(Value.init(rawValue:))
    }

    /// The parameter `key` as a comma-separated list.
    package func list(_ key: String) -> [String]? {
        parameters[key].map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }
}
