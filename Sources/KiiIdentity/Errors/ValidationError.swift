/// Every problem found in one value or one record, thrown by every validating initialiser.
///
/// A `ValidationError` is never empty: ``problems`` lists each problem with the field it is
/// about, a stable machine ``Code`` and a short human reason that reads after the field's name.
///
/// ```swift
/// do {
///     _ = try Username("a b")
/// } catch {
///     error.code            // .invalidCharacter (the first problem's code)
///     error.description     // "username is too short (minimum 3 characters); username contains ..."
/// }
/// ```
///
/// No description, reason or encoding of an error ever contains a password or any part of one:
/// password problems name positions, never characters.
public struct ValidationError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The problems, in the order they were found; never empty.
    public let problems: [Problem]

    /// Creates an error from one or more problems.
    ///
    /// - Precondition: `problems` is not empty.
    public init(_ problems: [Problem]) {
        precondition(!problems.isEmpty, "a ValidationError lists at least one problem")
        self.problems = problems
    }

    /// Creates an error with a single problem.
    public init(_ field: Field, _ code: Code, _ reason: String) {
        self.problems = [Problem(field: field, code: code, reason: reason)]
    }

    /// The first problem's code.
    public var code: Code { problems[0].code }

    /// The first problem's field.
    public var field: Field { problems[0].field }

    /// The first problem's reason.
    public var reason: String { problems[0].reason }

    /// Whether any problem has `code`.
    public func contains(_ code: Code) -> Bool {
        problems.contains { $0.code == code }
    }

    /// Every problem's message, joined by "; ".
    public var description: String {
        problems.map(\.message).joined(separator: "; ")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let problems = try container.decode([Problem].self, forKey: .problems)
        guard !problems.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .problems,
                in: container,
                debugDescription: "a ValidationError lists at least one problem"
            )
        }
        self.problems = problems
    }
}

extension ValidationError {
    /// One problem: the field it is about, a stable code and a reason.
    public struct Problem: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The field the problem is about.
        public let field: Field
        /// The stable machine code.
        public let code: Code
        /// A short phrase that reads after the field's name: "is too short (minimum 3 characters)".
        public let reason: String

        /// Creates a problem.
        public init(field: Field, code: Code, reason: String) {
            self.field = field
            self.code = code
            self.reason = reason
        }

        /// The field's label followed by the reason: "username is too short (minimum 3 characters)".
        public var message: String { "\(field.label) \(reason)" }

        public var description: String { message }
    }
}
