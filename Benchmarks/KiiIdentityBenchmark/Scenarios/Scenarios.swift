import Foundation
@_spi(Probes) import KiiIdentity

/// The scenarios, each over one input mix of `Fixtures/bench/`.
struct Scenarios {
    let directory: URL
    /// Leave out the Swift `Regex` rows (slow; `--quick`).
    let skipSwiftRegex: Bool

    func all() -> [ScenarioEntry] {
        [
            ScenarioEntry(name: "username", make: username),
            ScenarioEntry(name: "email", make: email),
            ScenarioEntry(name: "password", make: password),
            ScenarioEntry(name: "display name", make: displayName),
            ScenarioEntry(name: "display name, ASCII (nickname)", make: displayNameNicknameASCII),
            ScenarioEntry(name: "display name, non-ASCII (nickname)", make: displayNameNicknameUnicode),
            ScenarioEntry(name: "display name, decomposed (nickname)", make: displayNameNicknameDecomposed),
            ScenarioEntry(name: "username with lookalike key", make: usernameLookalikeKey),
            ScenarioEntry(name: "country", make: country),
            ScenarioEntry(name: "locale", make: locale),
            ScenarioEntry(name: "classification", make: classification),
            ScenarioEntry(name: "phone international (mobile only)", make: phoneInternational),
            ScenarioEntry(name: "phone international, valid only", make: phoneInternationalValid),
            ScenarioEntry(name: "phone syntax rejects", make: phoneSyntaxRejects),
            ScenarioEntry(name: "phone local + country", make: phoneLocal),
            ScenarioEntry(name: "phone local, valid only", make: phoneLocalValid),
            ScenarioEntry(name: "phone user input", make: phoneUserInput),
            ScenarioEntry(name: "REST form", make: phoneRest),
            ScenarioEntry(name: "phone engine first use", make: phoneEngineFirstUse),
            ScenarioEntry(name: "phone metadata warm-up", make: phoneWarmUp),
            ScenarioEntry(name: "phone formats", make: phoneFormats),
            ScenarioEntry(name: Self.passwordBlocklistName, make: passwordBlocklistLookup),
            ScenarioEntry(name: Self.passwordNISTName, make: passwordNIST),
        ]
            + (Self.passwordBlocklistFull().map { full in
                [
                    ScenarioEntry(name: Self.passwordBlocklistFullName) { passwordBlocklistFullLookup(full) },
                    ScenarioEntry(name: Self.passwordBlocklistLoadName, make: passwordBlocklistFullLoad),
                ]
            } ?? [])
    }

    private func lines(_ name: String) -> [String] { FixtureFiles.lines(name, in: directory) }

    private func summary(_ inputs: [String], _ file: String) -> String {
        "\(inputs.count) inputs of \(file), \(averageLength(inputs)) bytes on average"
    }

    private func averageLength(_ inputs: [String]) -> Int {
        inputs.isEmpty ? 0 : inputs.reduce(0) { $0 + $1.utf8.count } / inputs.count
    }

    /// The regex rows for `pattern`, and the harness floor.
    private func regexRows(_ pattern: String, _ inputs: [String]) -> [Contender] {
        var rows = [Baselines.nsRegularExpression(pattern, inputs)]
        if !skipSwiftRegex { rows.append(Baselines.swiftRegex(pattern, inputs)) }
        rows.append(Baselines.harnessFloor(inputs))
        return rows
    }

    // MARK: Fields

    func username() -> Scenario {
        let inputs = lines("username.txt")
        return Scenario(
            name: "username",
            summary: summary(inputs, "username.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "Username.isValid", role: .engine) { Username.isValid(inputs[$0]) },
                Contender(name: "Username.init (value or error)", role: .variant) {
                    (try? Username(inputs[$0])) != nil
                },
            ] + regexRows(SDKPatterns.username, inputs) + [
                Baselines.byteLoop(inputs, ByteLoops.username),
                Contender(name: "older engine loop (256-bit map), inlined here", role: .baseline) {
                    PreviousByteSet.username(inputs[$0])
                },
                Contender(name: "previous engine (table loop), inlined here", role: .baseline) {
                    TableByteSet.username(inputs[$0])
                },
                Contender(name: "previous engine (table loop), called", role: .baseline) {
                    PreviousEngine.username(inputs[$0])
                },
            ]
        )
    }

    func email() -> Scenario {
        let inputs = lines("email.txt")
        return Scenario(
            name: "email",
            summary: summary(inputs, "email.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "EmailAddress.isValid", role: .engine) { EmailAddress.isValid(inputs[$0]) },
                Contender(name: "EmailAddress.init (value or error)", role: .variant) {
                    (try? EmailAddress(inputs[$0])) != nil
                },
            ] + regexRows(SDKPatterns.email, inputs) + [
                Baselines.byteLoop(inputs, ByteLoops.email),
                Contender(name: "previous engine (table loop), called", role: .baseline) {
                    PreviousEngine.email(inputs[$0])
                },
            ]
        )
    }

    func password() -> Scenario {
        let inputs = lines("password.txt")
        return Scenario(
            name: "password",
            summary: summary(inputs, "password.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "Password.isValid", role: .engine) { Password.isValid(inputs[$0]) },
                Contender(name: "Password.init (value or error)", role: .variant) {
                    (try? Password(inputs[$0])) != nil
                },
            ] + regexRows(SDKPatterns.password, inputs) + [
                Baselines.byteLoop(inputs, ByteLoops.password),
                Contender(name: "older engine loop (256-bit map), inlined here", role: .baseline) {
                    PreviousByteSet.password(inputs[$0])
                },
                Contender(name: "previous engine (table loop), inlined here", role: .baseline) {
                    TableByteSet.password(inputs[$0])
                },
                Contender(name: "previous engine (table loop), called", role: .baseline) {
                    PreviousEngine.password(inputs[$0])
                },
            ]
        )
    }

    func displayName() -> Scenario {
        let inputs = lines("display-name.txt")
        return Scenario(
            name: "display name",
            summary: summary(inputs, "display-name.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "DisplayName.isValid", role: .engine) { DisplayName.isValid(inputs[$0]) },
                Baselines.byteLoop(inputs, ByteLoops.displayName),
            ]
        )
    }

    func country() -> Scenario {
        let inputs = lines("country.txt")
        return Scenario(
            name: "country",
            summary: summary(inputs, "country.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "CountryCode.isValid", role: .engine) { CountryCode.isValid(inputs[$0]) },
                Contender(name: "CountryCode.init (value or error)", role: .variant) {
                    (try? CountryCode(inputs[$0])) != nil
                },
            ] + regexRows(SDKPatterns.country, inputs) + [
                Baselines.byteLoop(inputs, ByteLoops.country(supported: CountryCode.allSupported)),
                previousCountry(inputs),
            ]
        )
    }

    /// The previous `CountryCode.isValid` (UTF8View subscripts, an array bitmap), inlined here.
    private func previousCountry(_ inputs: [String]) -> Contender {
        let check = PreviousEngine.country(supported: CountryCode.allSupported)
        return Contender(name: "previous engine (UTF8View, array), inlined here", role: .baseline) { check(inputs[$0]) }
    }

    func locale() -> Scenario {
        let inputs = lines("locale.txt")
        return Scenario(
            name: "locale",
            summary: summary(inputs, "locale.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "LocaleTag.isValid", role: .engine) { LocaleTag.isValid(inputs[$0]) },
                Contender(name: "LocaleTag.init (value or error)", role: .variant) {
                    (try? LocaleTag(inputs[$0])) != nil
                },
            ]
        )
    }

    /// Classification by bytes; the regex rows apply the same rule with three patterns.
    func classification() -> Scenario {
        let rows = FixtureFiles.regionLines("identifier.txt", in: directory)
        let inputs = rows.map(\.input)
        let countries = rows.map(\.region)
        let email = try! NSRegularExpression(pattern: "@")
        let phone = try! NSRegularExpression(pattern: #"^\+"#)
        let digits = try! NSRegularExpression(pattern: "^[0-9]+$")
        func matches(_ regex: NSRegularExpression, _ input: String) -> Bool {
            regex.firstMatch(in: input, range: NSRange(location: 0, length: input.utf16.count)) != nil
        }
        return Scenario(
            name: "classification",
            summary: "\(inputs.count) identifiers of identifier.txt (usernames, emails, phones), "
                + "\(averageLength(inputs)) bytes on average",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "LoginIdentifier.classify", role: .engine) { index in
                    guard let kind = LoginIdentifier.classify(inputs[index], country: countries[index]) else {
                        return false
                    }
                    Sink.value &+= Self.code(of: kind)
                    return true
                },
                Contender(name: "NSRegularExpression", role: .baseline) { index in
                    let input = inputs[index]
                    if input.isEmpty { return false }
                    if matches(email, input) {
                        Sink.value &+= 1
                    } else if matches(phone, input) {
                        Sink.value &+= 2
                    } else {
                        Sink.value &+= countries[index] != nil && matches(digits, input) ? 3 : 4
                    }
                    return true
                },
                Contender(name: "raw byte loop", role: .baseline) { index in
                    let kind = ByteLoops.classify(inputs[index], hasCountry: countries[index] != nil)
                    Sink.value &+= kind
                    return kind != 0
                },
                Contender(name: "previous engine (contains, table loop), called", role: .baseline) { index in
                    let kind = PreviousEngine.classify(inputs[index], country: countries[index])
                    Sink.value &+= kind
                    return kind != 0
                },
            ]
        )
    }

    /// The byte loop's number for a kind.
    private static func code(of kind: IdentifierKind) -> Int {
        switch kind {
        case .email: 1
        case .phone: 2
        case .localPhone: 3
        case .username: 4
        }
    }

    // MARK: Phones

    private func phoneRows(_ file: String) -> [(region: String?, input: String)] {
        FixtureFiles.regionLines(file, in: directory)
    }

    func phoneInternational() -> Scenario {
        let inputs = lines("phone-international.txt")
        return Scenario(
            name: "phone international (mobile only)",
            summary: summary(inputs, "phone-international.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "PhoneNumber(international:)", role: .engine) {
                    (try? PhoneNumber(international: inputs[$0])) != nil
                },
                Contender(name: "PhoneNumber.isValid(international:)", role: .variant) {
                    PhoneNumber.isValid(international: inputs[$0])
                },
                Baselines.libphonenumber(inputs.map { (nil, $0) }),
            ] + regexRows(SDKPatterns.phone, inputs) + [
                Contender(name: "raw byte loop (syntax only)", role: .baseline) { ByteLoops.phoneSyntax(inputs[$0]) }
            ]
        )
    }

    /// Only the inputs of the international mix that are valid: the valid phone path.
    func phoneInternationalValid() -> Scenario {
        let inputs = lines("phone-international.txt").filter { PhoneNumber.isValid(international: $0) }
        return Scenario(
            name: "phone international, valid only",
            summary: "the \(inputs.count) valid inputs of phone-international.txt",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "PhoneNumber(international:)", role: .engine) {
                    (try? PhoneNumber(international: inputs[$0])) != nil
                },
                Contender(name: "previous engine (libphonenumber)", role: .baseline) { index in
                    (try? PhoneEngineProbe.validate(
                        .international,
                        inputs[index],
                        country: nil,
                        policy: .default,
                        libphonenumber: true
                    ).get()) != nil
                },
                Baselines.libphonenumber(inputs.map { (nil, $0) }),
            ]
        )
    }

    /// What the compiled engine's first use of a calling code costs (its tables compiled from
    /// the bundled metadata, formats included), for one code and for every code.
    func phoneEngineFirstUse() -> Scenario {
        let all = PhoneEngineProbe.callingCodes()
        return Scenario(
            name: "phone engine first use",
            summary: "compiling the tables of +81 (JP), of +1 (25 regions) and of all \(all.count) calling codes",
            inputCount: 1,
            contenders: [
                Contender(name: "first use of +81", role: .engine) { _ in PhoneEngineProbe.compileAfresh([81]) > 0 },
                Contender(name: "first use of +1", role: .variant) { _ in PhoneEngineProbe.compileAfresh([1]) > 0 },
                Contender(name: "first use of every calling code", role: .variant) { _ in
                    PhoneEngineProbe.compileAfresh(all) > 0
                },
            ]
        )
    }

    /// A process's whole warm-up on the bundled metadata, from nothing: reading the metadata
    /// compiled into the library, then compiling every calling code, formats included; and what
    /// the compiled tables take in memory.
    func phoneWarmUp() -> Scenario {
        let codes = PhoneEngineProbe.callingCodes()
        let bytes = PhoneEngineProbe.tableBytes(.bundled)
        return Scenario(
            name: "phone metadata warm-up",
            summary: "\(PhoneMetadataSource.bundled), \(codes.count) calling codes; compiled tables "
                + "\(bytes / 1024) KiB (automata, length masks, prefix programs and formats, in their arenas)",
            inputCount: 1,
            contenders: [
                Contender(name: "warm-up from nothing: read the bundled metadata, compile every code", role: .engine) {
                    _ in PhoneEngineProbe.warmUpAfresh(.bundled) > 0
                },
                Contender(name: "read the bundled metadata (its JSON text)", role: .variant) { _ in
                    PhoneEngineProbe.readMetadata(.bundled) > 0
                },
                Contender(name: "compile every calling code (tables and formats)", role: .variant) { _ in
                    PhoneEngineProbe.compileAfresh(codes) > 0
                },
                Contender(name: "read the system metadata (libphonenumber's protobuf)", role: .variant) { _ in
                    PhoneEngineProbe.readMetadata(.system) > 0
                },
            ]
        )
    }

    /// The national and international formats of valid numbers: the engine's, from a
    /// `PhoneNumber`, against libphonenumber's `Format` of the same numbers parsed beforehand.
    func phoneFormats() -> Scenario {
        let numbers = lines("phone-international.txt").compactMap { try? PhoneNumber(international: $0) }
        let prepared = Baselines.prepareLibphonenumberNumbers(numbers.map(\.e164))
        return Scenario(
            name: "phone formats",
            summary: "national + international format of the \(numbers.count) valid numbers of phone-international.txt "
                + "(\(prepared) parsed by libphonenumber beforehand)",
            inputCount: numbers.count,
            contenders: [
                Contender(name: "PhoneNumber.nationalFormat + internationalFormat", role: .engine) { index in
                    numbers[index].nationalFormat.utf8.count + numbers[index].internationalFormat.utf8.count > 8
                },
                Contender(name: "PhoneNumber.nationalFormat", role: .variant) { index in
                    numbers[index].nationalFormat.utf8.count > 4
                },
                Contender(name: "libphonenumber Format (NATIONAL + INTERNATIONAL), parsed before", role: .baseline) {
                    Baselines.libphonenumberFormats(index: $0)
                },
                Contender(name: "libphonenumber Parse + Format (both)", role: .baseline) { index in
                    PhoneEngineProbe.libraryFormats(numbers[index].e164) != nil
                },
            ]
        )
    }

    func phoneSyntaxRejects() -> Scenario {
        let inputs = lines("phone-syntax-rejects.txt")
        return Scenario(
            name: "phone syntax rejects",
            summary: summary(inputs, "phone-syntax-rejects.txt") + " (all fail the syntax check)",
            inputCount: inputs.count,
            contenders: [
                Contender(name: "PhoneNumber.isValid(international:)", role: .engine) {
                    PhoneNumber.isValid(international: inputs[$0])
                },
                Contender(name: "PhoneNumber(international:) (with error)", role: .variant) {
                    (try? PhoneNumber(international: inputs[$0])) != nil
                },
                Baselines.libphonenumber(inputs.map { (nil, $0) }),
            ]
        )
    }

    func phoneLocal() -> Scenario {
        let rows = phoneRows("phone-local.txt")
        return Scenario(
            name: "phone local + country",
            summary: "\(rows.count) region + national number pairs of phone-local.txt",
            inputCount: rows.count,
            contenders: [
                Contender(name: "PhoneNumber(local:country:)", role: .engine) { index in
                    (try? PhoneNumber(local: rows[index].input, country: rows[index].region ?? "")) != nil
                },
                Contender(name: "previous engine (libphonenumber)", role: .baseline) { index in
                    (try? PhoneEngineProbe.validate(
                        .local,
                        rows[index].input,
                        country: rows[index].region ?? "",
                        policy: .default,
                        libphonenumber: true
                    ).get()) != nil
                },
                Contender(name: "compiled engine verdict alone", role: .variant) { index in
                    PhoneEngineProbe.compiled(rows[index].input, region: rows[index].region, source: .bundled)?.isValid
                        == true
                },
                Baselines.libphonenumber(rows),
            ]
        )
    }

    func phoneLocalValid() -> Scenario {
        let rows = phoneRows("phone-local.txt").filter {
            (try? PhoneNumber(local: $0.input, country: $0.region ?? "")) != nil
        }
        return Scenario(
            name: "phone local, valid only",
            summary: "the \(rows.count) valid pairs of phone-local.txt",
            inputCount: rows.count,
            contenders: [
                Contender(name: "PhoneNumber(local:country:)", role: .engine) { index in
                    (try? PhoneNumber(local: rows[index].input, country: rows[index].region ?? "")) != nil
                },
                Contender(name: "previous engine (libphonenumber)", role: .baseline) { index in
                    (try? PhoneEngineProbe.validate(
                        .local,
                        rows[index].input,
                        country: rows[index].region ?? "",
                        policy: .default,
                        libphonenumber: true
                    ).get()) != nil
                },
                Baselines.libphonenumber(rows),
            ]
        )
    }

    func phoneUserInput() -> Scenario {
        let rows = phoneRows("phone-user-input.txt")
        return Scenario(
            name: "phone user input",
            summary: "\(rows.count) typed numbers of phone-user-input.txt (formats, full-width digits)",
            inputCount: rows.count,
            contenders: [
                Contender(name: "PhoneNumber(userInput:country:)", role: .engine) { index in
                    (try? PhoneNumber(userInput: rows[index].input, country: rows[index].region)) != nil
                },
                Contender(name: "previous engine (libphonenumber)", role: .baseline) { index in
                    (try? PhoneEngineProbe.validate(
                        .userInput,
                        rows[index].input,
                        country: rows[index].region,
                        policy: .default,
                        libphonenumber: true
                    ).get()) != nil
                },
                Baselines.libphonenumber(rows),
            ]
        )
    }

    func phoneRest() -> Scenario {
        let inputs = lines("phone-rest.txt")
        // The baseline splits "CC-digits" itself, then runs the pipeline with region CC.
        let split: [(region: String?, input: String)] = inputs.map { line in
            let utf8 = Array(line.utf8)
            guard utf8.count > 3, utf8[2] == UInt8(ascii: "-") else { return ("ZZ", line) }
            return (String(decoding: utf8[..<2], as: UTF8.self), String(decoding: utf8[3...], as: UTF8.self))
        }
        return Scenario(
            name: "REST form",
            summary: summary(inputs, "phone-rest.txt"),
            inputCount: inputs.count,
            contenders: [
                Contender(name: "PhoneNumber(rest:)", role: .engine) { (try? PhoneNumber(rest: inputs[$0])) != nil },
                Contender(name: "previous engine (libphonenumber)", role: .baseline) { index in
                    (try? PhoneEngineProbe.validate(
                        .rest,
                        inputs[index],
                        country: nil,
                        policy: .default,
                        libphonenumber: true
                    ).get()) != nil
                },
                Contender(name: "libphonenumber pipeline (pre-split)", role: .baseline) { index in
                    Baselines.libphonenumberAccepts(split[index].input, region: split[index].region)
                },
            ]
        )
    }
}
