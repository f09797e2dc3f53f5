/// A value a detail's reason needs, written as a string when a problem is encoded and read back
/// from it: numbers in decimal, names as their raw values, characters as `U+XXXX`.
package protocol DetailParameter {
    /// The value as a string, or `nil` to leave the parameter out (an absent optional one).
    var parameterText: String? { get }
    /// The value `text` writes, or `nil` when it is malformed.
    init?(parameterText text: String)
    /// The value of a parameter that is not there: `nil` (it is missing) unless the value is
    /// optional.
    static var whenAbsent: Self? { get }
}

extension DetailParameter {
    package static var whenAbsent: Self? { nil }
}

extension DetailParameter where Self: RawRepresentable<String> {
    package var parameterText: String? { rawValue }
    package init?(parameterText text: String) { self.init(rawValue: text) }
}

extension Int: DetailParameter {
    package var parameterText: String? { String(self) }
    package init?(parameterText text: String) { self.init(text) }
}

extension String: DetailParameter {
    package var parameterText: String? { self }
    package init?(parameterText text: String) { self = text }
}

extension Array: DetailParameter where Element == String {
    /// The items joined by `,`.
    package var parameterText: String? { joined(separator: ",") }
    package init?(parameterText text: String) {
        self = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
}

extension Optional: DetailParameter where Wrapped: DetailParameter {
    package var parameterText: String? { flatMap(\.parameterText) }
    package init?(parameterText text: String) {
        guard let value = Wrapped(parameterText: text) else { return nil }
        self = value
    }
    package static var whenAbsent: Self? { .some(nil) }
}

/// An optional parameter, left out when absent.
package protocol OptionalDetailParameter: DetailParameter {
    /// The type of the value when it is there.
    associatedtype Wrapped: DetailParameter
    /// The value `wrapped`, there.
    init(wrapping wrapped: Wrapped)
}

extension Optional: OptionalDetailParameter where Wrapped: DetailParameter {
    package init(wrapping wrapped: Wrapped) {
        self = .some(wrapped)
    }
}

extension Unicode.Scalar: DetailParameter {
    /// `U+0041`.
    package var parameterText: String? { codePoint }
    package init?(parameterText text: String) {
        guard text.hasPrefix("U+"), let value = UInt32(text.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value)
        else { return nil }
        self = scalar
    }
}

extension PhoneNumberType: DetailParameter {}
extension ValidationError.FieldDetail.LengthUnit: DetailParameter {}
extension ValidationError.FieldDetail.AllowedCharacters: DetailParameter {}
extension ValidationError.DisplayNameDetail.ContextRule: DetailParameter {}
extension ValidationError.RecordDetail.VerificationConflict: DetailParameter {}
extension ValidationError.JSONDetail.ValueType: DetailParameter {}
extension ValidationError.JSONDetail.Syntax: DetailParameter {}

/// Where a detail's values are read from, by name (``DeclaredDetail/make(_:from:)``): a decoded
/// problem's parameters, or the samples of the catalog audit.
package protocol DetailParameterSource {
    /// The parameter `key` as a `Value`, or `nil` when it is missing or malformed.
    func value<Value: DetailParameter>(_ key: String) -> Value?
    /// The detail a case wraps (a phone's region prefix's problem), or `nil`.
    func nested<Inner: DeclaredDetail>(_ type: Inner.Type) -> Inner?
}

extension DetailParameterSource {
    /// The case `build` makes of the parameters named `keys`, in its order, or `nil` when one
    /// is missing or malformed: `parameters.make(Self.tooShort, "minimum", "unit")`.
    package func make<each Value: DetailParameter, Detail>(
        _ build: (repeat each Value) -> Detail,
        _ keys: repeat ParameterKey<each Value>
    ) -> Detail? {
        do {
            return build(repeat try required(each keys))
        } catch {
            return nil
        }
    }

    private func required<Value: DetailParameter>(_ key: ParameterKey<Value>) throws(MissingParameter) -> Value {
        guard let value: Value = value(key.name) else { throw MissingParameter() }
        return value
    }
}

/// The name of a parameter of type `Value`, written as a string literal.
package struct ParameterKey<Value>: ExpressibleByStringLiteral {
    /// The name.
    package let name: String

    package init(stringLiteral name: String) {
        self.name = name
    }
}

/// A parameter that is missing or malformed.
private struct MissingParameter: Error {}

/// A decoded problem's parameters, all strings.
struct EncodedParameters: DetailParameterSource {
    let parameters: [String: String]
    /// The name of the nested detail, after the wrapping case's `name:`.
    var nestedName = ""

    init(_ parameters: [String: String]) {
        self.parameters = parameters
    }

    func value<Value: DetailParameter>(_ key: String) -> Value? {
        guard let text = parameters[key] else { return Value.whenAbsent }
        return Value(parameterText: text)
    }

    func nested<Inner: DeclaredDetail>(_ type: Inner.Type) -> Inner? {
        Inner(name: nestedName, parameters: parameters)
    }
}
