/// Every problem found in one value or one record, thrown by every validating initialiser.
///
/// A `ValidationError` is never empty: ``problems`` lists each problem with the field it is
/// about and a ``Detail``: what is wrong, as data (limits, positions, a suggested value), from
/// which come a stable machine ``Code`` and a reason in each ``Language``. The English reason
/// reads after the field's name.
///
/// ```swift
/// do {
///     _ = try Username("a b")
/// } catch {
///     error.code                       // .invalidCharacter (the first problem's code)
///     error.description                // "username contains a space at position 2 that is not allowed (...)"
///     error.description(in: .japanese) // "ユーザー名の 2 文字目の空白は使用できません（...）"
/// }
/// ```
///
/// No description, reason or encoding of an error, in any language, ever contains a password or
/// any part of one: password problems name positions, never characters.
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
    public init(_ field: Field, _ detail: any Detail) {
        self.problems = [Problem(field: field, detail)]
    }

    /// Creates an error with a single problem of a field rule.
    public init(_ field: Field, _ detail: FieldDetail) {
        self.problems = [Problem(field: field, detail)]
    }

    /// Creates an error with a single problem of a phone number.
    public init(_ field: Field, _ detail: PhoneDetail) {
        self.problems = [Problem(field: field, detail)]
    }

    /// Creates an error with a single problem of a record.
    public init(_ field: Field, _ detail: RecordDetail) {
        self.problems = [Problem(field: field, detail)]
    }

    /// Creates an error with a single problem of a JSON text.
    public init(_ field: Field, _ detail: JSONDetail) {
        self.problems = [Problem(field: field, detail)]
    }

    /// Creates an error with a single problem built from a code and an English reason phrase.
    public init(_ field: Field, _ code: Code, _ reason: String) {
        self.problems = [Problem(field: field, code: code, reason: reason)]
    }

    /// The first problem's code.
    public var code: Code { problems[0].code }

    /// The first problem's field.
    public var field: Field { problems[0].field }

    /// The first problem's reason, in English.
    public var reason: String { problems[0].reason }

    /// Whether any problem has `code`.
    public func contains(_ code: Code) -> Bool {
        problems.contains { $0.code == code }
    }

    /// Every problem's English message, joined by "; ".
    public var description: String { description(in: .english) }

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
    /// One problem: the field it is about and a ``Detail`` (what is wrong, with the values its
    /// reason needs), from which come a stable code and a reason in every ``Language``.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The field the problem is about.
        public let field: Field
        /// What is wrong, as data: a value of the domain's detail type (``FieldDetail``,
        /// ``PhoneDetail``, ``RecordDetail``, ``JSONDetail``, ...).
        public let detail: any Detail

        /// Creates a problem about `field`.
        public init(field: Field, _ detail: any Detail) {
            self.field = field
            self.detail = detail
        }

        /// Creates a problem of a field rule: `Problem(field: .username, .tooShort(minimum: 3, unit: .characters))`.
        public init(field: Field, _ detail: FieldDetail) {
            self.field = field
            self.detail = detail
        }

        /// Creates a problem of a phone number: `Problem(field: .phoneNumber, .landline)`.
        public init(field: Field, _ detail: PhoneDetail) {
            self.field = field
            self.detail = detail
        }

        /// Creates a problem of a record: `Problem(field: .user, .noIdentifier)`.
        public init(field: Field, _ detail: RecordDetail) {
            self.field = field
            self.detail = detail
        }

        /// Creates a problem of a JSON text: `Problem(field: .json, .notAnObject)`.
        public init(field: Field, _ detail: JSONDetail) {
            self.field = field
            self.detail = detail
        }

        /// Creates a problem from a code and an English reason phrase (a ``CustomDetail``,
        /// which every language shows as given).
        public init(field: Field, code: Code, reason: String) {
            self.init(field: field, CustomDetail(code: code, reason: reason))
        }

        /// The stable machine code.
        public var code: Code { detail.code }

        /// A short English phrase that reads after the field's name: "is too short (minimum 3 characters)".
        public var reason: String { reason(in: .english) }

        /// The field's label followed by the reason: "username is too short (minimum 3 characters)".
        public var message: String { message(in: .english) }

        public var description: String { message }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.field == rhs.field && lhs.detail.isEqual(to: rhs.detail)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(field)
            hasher.combine(ObjectIdentifier(type(of: detail)))
            detail.hash(into: &hasher)
        }
    }
}
