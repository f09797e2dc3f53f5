extension [String: String] {
    /// The whole number in the environment variable `name`, `nil` when it is unset or empty.
    ///
    /// - Throws: ``ConfigurationError`` when it is not a whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let text = self[name], !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError(
                name: name,
                reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return value
    }
}
