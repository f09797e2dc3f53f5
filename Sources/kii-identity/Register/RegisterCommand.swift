import ArgumentParser
import KiiIdentity
import KiiIdentityExport

/// `kii-identity register`: registration checks of user records given as JSON Lines.
struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Check user records (JSON Lines) against the registration rules.",
        usage:
            "kii-identity register --jsonl [<file>] [--email-verification] [--phone-verification] [--allow-landline]",
        discussion: """
            Each input line (from <file>, or standard input when absent or "-") is a user record \
            {"username", "email", "phone", "country", "password", "displayName", "locale", "custom": {...}, \
            "pseudo": true|false}, every member optional. The phone number is international (+819012345678), \
            the REST local form (JP-9012345678), or local digits read in the record's country.

            Each output line, in input order, is {"valid", "loginWith", "emailAddressVerified", \
            "phoneNumberVerified", "keys": {"username", "email", "phone"}, "body", "errors": [{"field", \
            "code", "reason"}]}; body is the request body without the password. An invalid record gives \
            {"valid": false, "errors": [...]}. A password is never printed.

            Exit status: 0 when the run completed, 2 for usage or I/O errors.
            """
    )

    @Flag(help: "Read JSON Lines records (the only input format of register).")
    var jsonl = false

    @Argument(help: "The input file; standard input when absent or \"-\".")
    var file: String?

    @OptionGroup var options: RegistrationOptions

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard jsonl else { throw ArgumentParser.ValidationError("register reads JSON Lines: give --jsonl") }
    }

    func run() throws {
        let input = try InputFile(path: file)
        let source = RecordSource(input: input, format: .jsonLines, skipsBlankLines: false)
        try RecordBatches(source: source, policy: options.policy).checkAll { _, check in
            print(check.json(in: language.catalog).serialized)
        }
    }
}
