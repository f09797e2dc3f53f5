// TEMPORARY: stand-ins for the library API the lead is adding on main ("Library for services:"),
// written to signup-api.md's names so that the service compiles until the merge. Deleted then.
public import KiiIdentity

public struct UniquenessKey: Sendable, Hashable, CustomStringConvertible {
    public let kind: LoginKind
    public let value: String
    public init(kind: LoginKind, value: String) {
        self.kind = kind
        self.value = value
    }
    public var description: String { "\(kind)=\(value)" }
}

extension UniquenessKeys {
    public var keys: [UniquenessKey] { all.map { UniquenessKey(kind: $0.kind, value: $0.key) } }
}

public struct LoginLookup: Sendable, Hashable {
    public let candidates: [LoginIdentifier]
    public init(_ text: String, country: String? = nil, policy: PhonePolicy = .default) throws(ValidationError) {
        var found: [LoginIdentifier] = []
        var firstError: ValidationError?
        do throws(ValidationError) {
            found.append(try LoginIdentifier(text, country: country, policy: policy))
        } catch { firstError = error }
        if text.hasPrefix("US-") || text.hasPrefix("JP-") {
            if let phone = try? LoginIdentifier(qualified: "PHONE:" + text, policy: policy) { found.insert(phone, at: 0) }
        }
        if country != nil, let username = try? LoginIdentifier(text), !found.contains(username) {
            found.append(username)
        }
        if found.isEmpty { throw firstError ?? ValidationError(.identifier, .missing) }
        candidates = found
    }
    public var keys: [UniquenessKey] {
        candidates.flatMap { UniquenessKeys(identifier: $0).keys }
    }
}

extension ValidationError {
    public var httpStatus: Int { problems.allSatisfy { $0.code.rawValue == "already_taken" } ? 409 : 400 }
    public func jsonBody(in language: Language = .english) -> String {
        let items: [JSONValue] = problems.map {
            [
                "field": .string($0.field.rawValue), "code": .string($0.code.rawValue),
                "reason": .string($0.reason(in: language)), "message": .string($0.message(in: language)),
            ]
        }
        return JSONValue.object(["errors": .array(items)]).description
    }
    public init(alreadyTaken kinds: [LoginKind]) {
        self.init(
            kinds.map {
                Problem(field: $0.field, code: Code(rawValue: "already_taken"), reason: "is already taken")
            }
        )
    }
}

extension ValidationError.Language {
    public init(acceptLanguage header: String?) {
        self = (header ?? "").lowercased().hasPrefix("ja") ? .japanese : .english
    }
}

extension PhoneNumber {
    public static func warmUp() {}
}

extension UserRecord {
    public init(json text: String) throws(ValidationError) {
        guard case .object(let members) = try JSONValue(parsing: text) else {
            throw ValidationError(.json, .notAnObject)
        }
        try self.init(json: members)
    }
}
