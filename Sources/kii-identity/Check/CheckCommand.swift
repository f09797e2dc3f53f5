#if CommandLineTool
import ArgumentParser
@_spi(ToolInternals) import KiiIdentity
import KiiIdentityExport

/// `kii-identity check`: one value from the command line, or many as JSON Lines.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check one value against a field's rule, or many values given as JSON Lines.",
        usage: """
            kii-identity check <field> <value> [--country <CC>] [--allow-landline] [--display-name-policy kii|nickname]
            kii-identity check password <value> [--password-policy kii|nist|nist:N] [--password-blocklist <file>]
            kii-identity check --jsonl [<file>] [--allow-landline] [--display-name-policy kii|nickname] \
            [--password-policy kii|nist|nist:N] [--password-blocklist <file>]
            """,
        discussion: """
            <field> is one of username, email, password, display-name, country, locale, phone, identifier.
            Prints "valid" and the normalised value (for a phone number every output: e164, region, \
            countryCallingCode, nationalNumber, restForm, nationalFormat, internationalFormat, type), or \
            "invalid" and one "code: message" line per problem. A password is never printed. A valid \
            username also prints its lookalike key (lookalikeKey: b0b and bob share bob). A display name \
            follows --display-name-policy: kii (the default, Kii's rule, the name as given) or nickname \
            (RFC 8266; normalized is the enforced name). A password follows --password-policy: kii (the \
            default, Kii's rule), nist or nist:N (NIST SP 800-63B-4, with no context on the command line); \
            --password-blocklist gives nist the full set of known passwords.

            A phone value is read by its shape: "+" and digits only is international (E.164, read \
            strictly); two letters and "-" (JP-9012345678) is the REST local form; digits only is a local \
            number of --country (needs_country without it); anything else ("+81 90-1234-5678", \
            "(415) 555-2671": spaces, dashes, parentheses) is read as typed input, in --country when given.
            An identifier is classified first (contains "@": email; starts with "+": phone, E.164 only; digits \
            with --country: local phone; otherwise username).

            With --jsonl, each line of <file> (standard input when absent or "-") is an object \
            {"field": F, "value": V, "country": C, "displayNamePolicy": P, "passwordPolicy": R, "context": \
            {"username": U, "email": E, "displayName": D, "words": [...]}} where F is one of username, email, \
            password, displayName, country, locale, phone, phoneLocal, phoneRest, phoneUserInput, identifier, \
            P (kii or nickname) is the display name's rule, --display-name-policy's when absent, R ("kii", \
            "nist" or {"rule": "nist", "minimumLength": 8 to 64}) is the password's rule, \
            --password-policy's when absent (--password-blocklist's set for every nist line), and context \
            (every member optional) holds the owner's words a nist password must not contain; \
            each output line is {"valid", "kind", "normalized", "lookalikeKey", "phone", "errors": \
            [{"code", "reason"}]}, in input order. A broken line gives {"valid": false, "errors": [...]} and \
            the run goes on.

            Exit status: 0 valid (with --jsonl: the run completed), 1 invalid, 2 usage or I/O error.
            """
    )

    /// The field names accepted on the command line.
    enum CommandLineField: String, CaseIterable, ExpressibleByArgument {
        case username, email, password
        case displayName = "display-name"
        case country, locale, phone, identifier
    }

    /// Unrecognised options count as operands, so a value such as a password starting with `-`
    /// is checked rather than echoed back in an "unknown option" error.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The field and the value, or with --jsonl an optional input file.", valueName: "operands")
    )
    var operands: [String] = []

    /// The operands without a `--` that ends the options (`check password -- -secret`).
    var values: [String] {
        guard operands.count > (jsonl ? 1 : 2), let end = operands.firstIndex(of: "--") else { return operands }
        var values = operands
        values.remove(at: end)
        return values
    }

    @Option(help: ArgumentHelp("The region for a local phone number or identifier, like JP.", valueName: "CC"))
    var country: String?

    @Flag(help: "Read JSON Lines requests from a file or standard input.")
    var jsonl = false

    @OptionGroup var phonePolicy: PhonePolicyOption

    @Option(help: DisplayNamePolicy.optionHelp)
    var displayNamePolicy: DisplayNamePolicy?

    @OptionGroup var password: PasswordPolicyOption

    @OptionGroup var language: LanguageOption

    func validate() throws {
        if jsonl {
            guard values.count <= 1 else {
                throw ArgumentParser.ValidationError("--jsonl takes at most one input file")
            }
            guard country == nil else {
                throw ArgumentParser.ValidationError("--country is given per line with --jsonl")
            }
            return
        }
        guard values.count == 2 else {
            throw ArgumentParser.ValidationError("expected a field and a value (or --jsonl)")
        }
        guard let field = CommandLineField(rawValue: values[0]) else {
            let names = CommandLineField.allCases.map(\.rawValue).joined(separator: ", ")
            throw ArgumentParser.ValidationError("unknown field '\(values[0])'; expected one of \(names)")
        }
        if country != nil && field != .phone && field != .identifier {
            throw ArgumentParser.ValidationError("--country applies to phone and identifier only")
        }
        if displayNamePolicy != nil && field != .displayName {
            throw ArgumentParser.ValidationError("--display-name-policy applies to display-name only")
        }
        if (password.passwordPolicy != nil || password.passwordBlocklist != nil) && field != .password {
            throw ArgumentParser.ValidationError("--password-policy and --password-blocklist apply to password only")
        }
        try password.validateBlocklistHasAPolicy()
    }

    func run() throws {
        if jsonl {
            try runJSONLines()
            return
        }
        let value = values[1]
        password.warnOfAShortMinimumWithoutTheFullSet()
        let check = FieldCheck(
            Self.checkField(values[0], value: value, country: country),
            value: value,
            country: country,
            policy: phonePolicy.policy,
            displayNamePolicy: displayNamePolicy ?? .kii,
            passwordPolicy: password.policy(blocklist: try password.blocklist())
        )
        print(check.text(in: language.catalog))
        if !check.isValid { throw ExitCode(1) }
    }

    /// The rule a command-line field and value are checked against (a phone value by its shape).
    static func checkField(_ name: String, value: String, country: String?) -> FieldCheck.Field {
        switch CommandLineField(rawValue: name) ?? .username {
        case .username: return .username
        case .email: return .email
        case .password: return .password
        case .displayName: return .displayName
        case .country: return .country
        case .locale: return .locale
        case .identifier: return .identifier
        case .phone:
            // The library's form of the value when it is written strictly in it ("+" and digits
            // only; two letters, "-" and more; digits only, with a country), else typed input.
            let bytes = Array(value.utf8)
            let isDigits = { (bytes: ArraySlice<UInt8>) in
                !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            }
            switch PhoneInputForm(value) {
            case .international where isDigits(bytes.dropFirst()): return .phone
            case .rest where bytes.count > 3: return .phoneRest
            case .local where isDigits(bytes[...]) && country != nil: return .phoneLocal
            default: return .phoneUserInput
            }
        }
    }

    private func runJSONLines() throws {
        password.warnOfAShortMinimumWithoutTheFullSet()
        let blocklist = try password.blocklist()
        let passwordPolicy = password.policy(blocklist: blocklist)
        let source = try RecordSource(
            input: try InputFile(path: values.first),
            format: .jsonLines,
            skipsBlankLines: false
        )
        let decoder = JSONLineDecoder()
        let policy = phonePolicy.policy
        let displayNamePolicy = displayNamePolicy ?? .kii
        while let (_, item) = try source.next() {
            print(
                Self.result(
                    of: item,
                    decoder: decoder,
                    policy: policy,
                    displayNamePolicy: displayNamePolicy,
                    passwordPolicy: passwordPolicy,
                    blocklist: blocklist,
                    language: language.catalog
                )
            )
        }
    }

    /// The output object for one input line, reasons in `language`; `displayNamePolicy` and
    /// `passwordPolicy` are the rules of display names and passwords for a line that names none,
    /// and `blocklist` (`--password-blocklist`'s) the known passwords of every nist rule.
    static func result(
        of item: RecordSource.Item,
        decoder: JSONLineDecoder,
        policy: PhonePolicy,
        displayNamePolicy: DisplayNamePolicy = .kii,
        passwordPolicy: PasswordPolicy = .kii,
        blocklist: PasswordBlocklist? = nil,
        language: KiiIdentity.ValidationError.Language
    ) -> String {
        func failure(_ problems: [KiiIdentity.ValidationError.Problem]) -> String {
            var writer = JSONWriter()
            writer.object { object in
                object.member("valid", .bool(false))
                object.member("errors") { writer in
                    writer.array(problems) { writer, problem in
                        problem.writeLineCodeAndReason(to: &writer, in: language)
                    }
                }
            }
            return writer.text
        }
        switch item {
        case .unreadable(let error):
            return failure(error.problems)
        case .csvRow:
            preconditionFailure("a JSON Lines source hands out lines, never CSV rows")
        case .jsonLine(let bytes):
            switch decoder.decodeObject(from: bytes).map(CheckLine.init(members:)) {
            case .failure(let error):
                return failure(error.problems)
            case .success(let request):
                guard request.problems.isEmpty, let field = request.field, let value = request.value else {
                    return failure(request.problems)
                }
                var writer = JSONWriter()
                FieldCheck(
                    field,
                    value: value,
                    country: request.country,
                    policy: policy,
                    displayNamePolicy: request.displayNamePolicy ?? displayNamePolicy,
                    passwordPolicy: request.passwordPolicy.map { PasswordPolicyOption.policy($0, with: blocklist) }
                        ?? passwordPolicy,
                    context: request.context
                )
                .write(to: &writer, in: language)
                return writer.text
            }
        }
    }
}

extension KiiIdentity.ValidationError.Problem {
    /// `{"code", "reason"}` for a problem with a whole line; the reason, in `language`, names the line.
    func writeLineCodeAndReason(to writer: inout JSONWriter, in language: KiiIdentity.ValidationError.Language) {
        let text = namesItsSubject ? reason(in: language) : message(in: language)
        writer.object { object in
            object.member("code", .string(code.rawValue))
            object.member("reason", .string(text))
        }
    }
}
#endif
