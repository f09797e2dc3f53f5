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
        /// The detail, held without a box for this module's own detail types.
        let stored: StoredDetail

        /// What is wrong, as data: a value of the domain's detail type (``FieldDetail``,
        /// ``PhoneDetail``, ``RecordDetail``, ``JSONDetail``, ...).
        public var detail: any Detail { stored.detail }

        /// Creates a problem about `field`.
        public init(field: Field, _ detail: any Detail) {
            self.field = field
            self.stored = StoredDetail(detail)
        }

        /// Creates a problem of a field rule: `Problem(field: .username, .tooShort(minimum: 3, unit: .characters))`.
        public init(field: Field, _ detail: FieldDetail) {
            self.field = field
            self.stored = .field(detail)
        }

        /// Creates a problem of a phone number: `Problem(field: .phoneNumber, .landline)`.
        public init(field: Field, _ detail: PhoneDetail) {
            self.field = field
            self.stored = .phone(detail)
        }

        /// Creates a problem of a record: `Problem(field: .user, .noIdentifier)`.
        public init(field: Field, _ detail: RecordDetail) {
            self.field = field
            self.stored = .record(detail)
        }

        /// Creates a problem of a JSON text: `Problem(field: .json, .notAnObject)`.
        public init(field: Field, _ detail: JSONDetail) {
            self.field = field
            self.stored = .json(detail)
        }

        /// Creates a problem from a code and an English reason phrase (a ``CustomDetail``,
        /// which every language shows as given).
        public init(field: Field, code: Code, reason: String) {
            self.init(field: field, CustomDetail(code: code, reason: reason))
        }

        /// The same problem, reported under `field` (a line's, say, instead of a JSON text's).
        public func reported(under field: Field) -> Problem {
            Problem(field: field, stored: stored)
        }

        private init(field: Field, stored: StoredDetail) {
            self.field = field
            self.stored = stored
        }

        /// The stable machine code.
        public var code: Code { stored.code }

        /// A short English phrase that reads after the field's name: "is too short (minimum 3 characters)".
        public var reason: String { reason(in: .english) }

        /// The field's label followed by the reason: "username is too short (minimum 3 characters)".
        public var message: String { message(in: .english) }

        public var description: String { message }
    }
}

/// A problem's detail as a problem holds it: this module's detail types inline, as enum
/// payloads, and another module's behind a reference. An existential payload would make every
/// copy and destruction of a problem go through its type's witnesses (and box most details on
/// the heap), which showed on the benchmark's error paths (Performance.md, "Figures behind the
/// code's choices").
enum StoredDetail: Sendable, Hashable {
    case field(ValidationError.FieldDetail)
    case phone(ValidationError.PhoneDetail)
    case record(ValidationError.RecordDetail)
    case json(ValidationError.JSONDetail)
    case other(OtherDetail)

    /// A detail of another module's type, boxed once.
    final class OtherDetail: Sendable {
        let detail: any ValidationError.Detail

        init(_ detail: any ValidationError.Detail) {
            self.detail = detail
        }
    }

    init(_ detail: any ValidationError.Detail) {
        switch detail {
        case let detail as ValidationError.FieldDetail: self = .field(detail)
        case let detail as ValidationError.PhoneDetail: self = .phone(detail)
        case let detail as ValidationError.RecordDetail: self = .record(detail)
        case let detail as ValidationError.JSONDetail: self = .json(detail)
        default: self = .other(OtherDetail(detail))
        }
    }

    var detail: any ValidationError.Detail {
        switch self {
        case .field(let detail): detail
        case .phone(let detail): detail
        case .record(let detail): detail
        case .json(let detail): detail
        case .other(let other): other.detail
        }
    }

    var httpStatus: Int {
        switch self {
        case .field(let detail): detail.httpStatus
        case .phone(let detail): detail.httpStatus
        case .record(let detail): detail.httpStatus
        case .json(let detail): detail.httpStatus
        case .other(let other): other.detail.httpStatus
        }
    }

    var code: ValidationError.Code {
        switch self {
        case .field(let detail): detail.code
        case .phone(let detail): detail.code
        case .record(let detail): detail.code
        case .json(let detail): detail.code
        case .other(let other): other.detail.code
        }
    }

    func phrase(in language: ValidationError.Language) -> ValidationError.Phrase {
        switch self {
        case .field(let detail): detail.phrase(in: language)
        case .phone(let detail): detail.phrase(in: language)
        case .record(let detail): detail.phrase(in: language)
        case .json(let detail): detail.phrase(in: language)
        case .other(let other): other.detail.phrase(in: language)
        }
    }

    /// Appends the reason in `language` to a JSON string being written, escaped: for this
    /// module's details without making a `String` of an English one.
    func appendEscapedReason(in language: ValidationError.Language, to writer: inout ByteWriter) {
        switch self {
        case .field(let detail): detail.appendEscapedReason(in: language, to: &writer)
        case .phone(let detail): detail.appendEscapedReason(in: language, to: &writer)
        case .record(let detail): detail.appendEscapedReason(in: language, to: &writer)
        case .json(let detail): detail.appendEscapedReason(in: language, to: &writer)
        case .other(let other): writer.appendEscaped(other.detail.phrase(in: language).reason)
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.field(let left), .field(let right)): left == right
        case (.phone(let left), .phone(let right)): left == right
        case (.record(let left), .record(let right)): left == right
        case (.json(let left), .json(let right)): left == right
        case (.other(let left), .other(let right)): left.detail.isEqual(to: right.detail)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .field(let detail): detail.hash(into: &hasher)
        case .phone(let detail): detail.hash(into: &hasher)
        case .record(let detail): detail.hash(into: &hasher)
        case .json(let detail): detail.hash(into: &hasher)
        case .other(let other):
            hasher.combine(ObjectIdentifier(type(of: other.detail)))
            other.detail.hash(into: &hasher)
        }
    }
}
