#if CommandLineTool
import ArgumentParser
import Foundation
@_spi(ToolInternals) import KiiIdentity
import KiiIdentityExport

/// `kii-identity register`: registration checks of user records given as JSON Lines or CSV.
struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Check user records (JSON Lines or CSV) against the registration rules.",
        usage: """
            kii-identity register [<file>] [--input-format jsonl|csv] [--jsonl] [--email-verification] \
            [--phone-verification] [--allow-landline] [--password-policy kii|nist|nist:N] [--password-blocklist <file>]
            """,
        discussion: """
            The input (<file>, or standard input when absent or "-") holds user records {"username", "email", \
            "phone", "country", "password", "displayName", "locale", "custom": {...}, "pseudo": true|false}, \
            every member optional: one JSON object per line, or CSV with a header row of the same names \
            (RFC 4180 quoting; an empty cell is an absent member; custom is a JSON object), as lint reads \
            them. \(InputFormatOption.detection) --jsonl is --input-format jsonl. The phone number is \
            international (+819012345678), the REST local form (JP-9012345678), or local digits read in the \
            record's country. A password follows --password-policy (kii, Kii's rule, by default); under nist \
            it is judged with the record's own username, email address and display name as its context, and \
            --password-blocklist gives it the full set of known passwords.

            Each output line, in input order, is {"valid", "loginWith", "emailAddressVerified", \
            "phoneNumberVerified", "keys": {"username", "email", "phone"}, "body", "errors": [{"field", \
            "code", "reason"}]}; body is the request body without the password. An invalid record gives \
            {"valid": false, "errors": [...]}. Every JSON line gives an output line (a blank one is not \
            valid JSON); empty CSV lines are skipped, and CSV header columns that are not record members, or \
            repeat one, are ignored with a warning on standard error. A password is never printed.

            Exit status: 0 when the run completed, 2 for usage or I/O errors.
            """
    )

    @Flag(help: "Read JSON Lines records (the same as --input-format jsonl).")
    var jsonl = false

    @Argument(help: "The input file; standard input when absent or \"-\".")
    var file: String?

    @OptionGroup var input: InputFormatOption

    @OptionGroup var options: RegistrationOptions

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard !jsonl || input.inputFormat != .csv else {
            throw ArgumentParser.ValidationError("--jsonl and --input-format csv contradict each other")
        }
    }

    func run() throws {
        let policy = try options.policy()
        let records = try InputFile(path: file)
        let format = jsonl ? .jsonLines : input.inputFormat
        let source = try RecordSource(input: records, format: format, skipsBlankLines: false)
        for problem in source.headerProblems {
            let warning =
                "kii-identity: warning: \(records.name) line 1: \(problem.code.rawValue): \(problem.message(in: language.catalog))\n"
            FileHandle.standardError.write(Data(warning.utf8))
        }
        try RecordBatches(source: source, policy: policy).checkAll { _, check in
            var writer = JSONWriter()
            check.write(to: &writer, in: language.catalog)
            print(writer.text)
        }
    }
}
#endif
