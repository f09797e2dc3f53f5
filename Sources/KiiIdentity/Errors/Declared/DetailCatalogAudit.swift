/// Checks every case of declared detail types (``DeclaredDetail``), for the tests: each name is
/// made from sample parameters (numbers, strings, every value of a named set, an optional one
/// present and absent), and the detail made must have that name, read back from its encoding
/// as itself, write the parameters it was read from, be worded in English and in Japanese, and
/// show each number and string it was given in both; an English reason said to need no JSON
/// escape (`EnglishReason.isPlain`) must hold nothing a JSON string escapes. Names are unique across the types, and a
/// type has as many names as cases.
package enum DetailCatalogAudit {
    /// How many samples of each name: enough to reach every value of the largest named set of
    /// a parameter (`JSONDetail.Syntax`, 25).
    static let variants = 25

    /// Every fault of the types' catalogs, one sentence each; none when they are sound.
    ///
    /// - Parameters:
    ///   - caseCount: the number of cases of an enum type (the tests read it from the type's
    ///     metadata, which the library does not), so that a case without a name of its own is
    ///     found; `nil` when unknown.
    ///   - hidden: the parameters, as `name.parameter`, whose value a reason words differently
    ///     instead of showing it (`invalidCharacter.count`: "and 2 more characters").
    package static func faults(
        of types: [any ValidationError.Detail.Type],
        caseCount: (Any.Type) -> Int?,
        hidden: Set<String> = ["invalidCharacter.count"]
    ) -> [String] {
        var faults: [String] = []
        var names: [String: String] = [:]
        for type in types {
            guard let type = type as? any DeclaredDetail.Type else {
                faults.append("\(type) does not declare its cases (DeclaredDetail)")
                continue
            }
            faults += self.faults(of: type, cases: caseCount(type), hidden: hidden)
            for name in type.names {
                if let other = names.updateValue("\(type)", forKey: name) {
                    faults.append("\(type).\(name): \(other) has this name too")
                }
            }
        }
        return faults
    }

    private static func faults<Detail: DeclaredDetail>(
        of type: Detail.Type,
        cases: Int?,
        hidden: Set<String>
    ) -> [String] {
        var faults: [String] = []
        if let cases, cases != Detail.Name.allCases.count {
            faults.append("\(type) has \(cases) cases and \(Detail.Name.allCases.count) names")
        }
        for name in Detail.Name.allCases {
            for variant in 0..<variants {
                let samples = SampleParameters(variant: variant)
                let context = "\(type).\(name.rawValue) (sample \(variant))"
                guard let detail = Detail.make(name, from: samples) else {
                    faults.append("\(context): not made from its parameters")
                    break
                }
                faults += self.faults(of: detail, named: name, read: samples.read, hidden: hidden, context: context)
            }
        }
        return faults
    }

    private static func faults<Detail: DeclaredDetail>(
        of detail: Detail,
        named name: Detail.Name,
        read: [(key: String, text: String, shown: Bool)],
        hidden: Set<String>,
        context: String
    ) -> [String] {
        var faults: [String] = []
        let isWrapping = name.rawValue.hasSuffix(":")
        if isWrapping ? !detail.name.hasPrefix(name.rawValue) : detail.name != name.rawValue {
            faults.append("\(context): declared as \(detail.name)")
        }
        let parameters = detail.parameters
        let written = Dictionary(parameters, uniquingKeysWith: { first, _ in first })
        if written.count != parameters.count { faults.append("\(context): a parameter written twice") }
        if written != Dictionary(read.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first }) {
            faults.append("\(context): writes \(parameters), read from \(read.map { ($0.key, $0.text) })")
        }
        if Detail(name: detail.name, parameters: written) != detail {
            faults.append("\(context): not read back from its name and parameters")
        }
        let english = detail.phrase(in: .english)
        let japanese = detail.phrase(in: .japanese)
        if english.reason.isEmpty || !english.particle.isEmpty { faults.append("\(context): no English reason") }
        if japanese.particle.isEmpty || !japanese.reason.unicodeScalars.contains(where: { $0.value >= 0x3000 }) {
            faults.append("\(context): no Japanese particle and reason")
        }
        // A wrapping case's parameters are its inner detail's.
        let innerName = detail.name.split(separator: ":").last.map(String.init) ?? detail.name
        for (key, text, shown) in read where shown && !hidden.contains("\(innerName).\(key)") {
            if !english.reason.contains(text) || !japanese.reason.contains(text) {
                faults.append("\(context): '\(text)' (\(key)) not in both reasons")
            }
        }
        // A reason said to need no escape is copied into a JSON body as it is.
        let reason = detail.declare(to: EnglishReasonDeclaration<Detail>())
        if reason.isPlain, reason.withBytes({ JSONValue.nextEscape(in: $0, from: 0) != $0.count }) {
            faults.append("\(context): an English reason said to need no escape holds a byte that JSON escapes")
        }
        if detail.code.rawValue.isEmpty || !(400..<600).contains(detail.httpStatus) {
            faults.append("\(context): code '\(detail.code.rawValue)', status \(detail.httpStatus)")
        }
        return faults
    }
}

extension DeclaredDetail {
    /// Every name of the type.
    fileprivate static var names: [String] { Name.allCases.map(\.rawValue) }
}

/// Sample values for the parameters a detail is made from, the `variant`-th of each kind, and
/// what was read.
private final class SampleParameters: DetailParameterSource {
    let variant: Int
    /// The parameters read, as text, and whether a reason must show that text as it is.
    var read: [(key: String, text: String, shown: Bool)] = []

    init(variant: Int) {
        self.variant = variant
    }

    func value<Value: DetailParameter>(_ key: String) -> Value? {
        guard let value: Value = sample() else { return nil }
        if let text = value.parameterText {
            let shown = Value.self == Int.self || Value.self == String.self || Value.self == String?.self
            read.append((key, text, shown))
        }
        return value
    }

    func nested<Inner: DeclaredDetail>(_ type: Inner.Type) -> Inner? {
        let names = Array(Inner.Name.allCases)
        return Inner.make(names[variant % names.count], from: self)
    }

    private func sample<Value: DetailParameter>() -> Value? {
        let number = 7001 + read.count
        let samples: [Any] =
            switch Value.self {
            case is Int.Type: [number]
            case is String.Type: ["sample\(number)"]
            case is [String].Type: [["one\(number)", "two\(number)"]]
            case is Unicode.Scalar.Type: ["A", "\u{202E}", "\u{0378}", "\u{7F}"] as [Unicode.Scalar]
            case is ValidationError.FieldDetail.OffendingCharacter.Type:
                [.scalar("x"), .scalar(" "), .scalar("\u{7F}"), .invalidByte, .undisclosed]
                    as [ValidationError.FieldDetail.OffendingCharacter]
            case let optional as any OptionalDetailParameter.Type:
                variant.isMultiple(of: 2) ? [sample(of: optional) as Any] : [Value.whenAbsent! as Any]
            case let named as any CaseIterable.Type: allCases(of: named)
            default: []
            }
        guard !samples.isEmpty else { return nil }
        return samples[variant % samples.count] as? Value
    }

    private func sample<Optional: OptionalDetailParameter>(of type: Optional.Type) -> Any {
        let wrapped: Optional.Wrapped? = sample()
        return wrapped.map(Optional.init(wrapping:)) as Any
    }

    private func allCases<Named: CaseIterable>(of type: Named.Type) -> [Any] {
        Array(Named.allCases)
    }
}
