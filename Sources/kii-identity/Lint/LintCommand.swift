#if CommandLineTool
import ArgumentParser
import Foundation
import KiiIdentity
@_spi(ToolInternals) import KiiIdentityExport

/// `kii-identity lint`: validates a whole user export and finds uniqueness conflicts.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Validate a user export (JSON Lines or CSV): problems, conflicts and lookalike usernames.",
        discussion: """
            <file> ("-" for standard input) holds one user record per line as JSON ({"username", "email", \
            "phone", "country", "password", "displayName", "locale", "custom": {...}, "pseudo": true|false}) \
            or CSV with a header row of the same names (RFC 4180 quoting; an empty cell is an absent member; \
            custom is a JSON object). \(InputFormatOption.detection) Blank JSON lines and empty CSV lines \
            are skipped; a leading UTF-8 byte order mark of a CSV header is ignored.

            Every record is checked with the registration rules; valid records are compared for shared \
            keys: username case-insensitively, email by its key (lowercased whole, local part included), \
            phone by E.164 whatever the form (+12015550123 and US-2015550123 collide). Valid records whose different \
            usernames share a lookalike key (b0b and bob, paypa1 and paypal, rnodern and modern: Unicode \
            TR39's skeleton, 0 as o, 1 as l, m as rn) are listed apart, as lookalike groups; they do not \
            change the exit status. Display names follow --display-name-policy; passwords follow \
            --password-policy (kii by default; under nist each is judged with its record's own username, email \
            address and display name as context, against --password-blocklist's set when given). Lines count from 1 (a CSV \
            header is line 1). The file is streamed, JSON Lines in blocks checked on every core (the report \
            does not depend on --threads): memory grows with the number of keys only. Lines \
            that are not UTF-8 or longer than 1 MiB are reported as problems of that line.

            Exit status: 0 clean, 1 problems or conflicts found, 2 usage or I/O errors.
            """
    )

    /// The report formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The export to lint (JSON Lines or CSV); \"-\" for standard input.")
    var file: String

    @Option(help: "The report format: text or json.")
    var format: Format = .text

    @Option(help: "How many problems to list with their line numbers.")
    var limit = 20

    @Option(help: "How many threads check JSON lines (default: one per core; 1 checks on the main thread alone).")
    var threads: Int?

    @OptionGroup var input: InputFormatOption

    @OptionGroup var options: RegistrationOptions

    @OptionGroup var language: LanguageOption

    func validate() throws {
        guard limit >= 0 else { throw ArgumentParser.ValidationError("--limit must be 0 or more") }
        if let threads, threads < 1 { throw ArgumentParser.ValidationError("--threads must be 1 or more") }
    }

    func run() throws {
        let policy = try options.policy()
        let export = try InputFile(path: file)
        let source = try RecordSource(input: export, format: input.inputFormat, skipsBlankLines: true)
        let workers = threads ?? ProcessInfo.processInfo.activeProcessorCount
        // The conflict table's lanes: as many as threads check lines (a few at most), one for
        // CSV, whose records come one by one.
        let lanes = source.format == .jsonLines ? min(workers, 4) : 1
        var report = LintReport(
            limit: limit,
            lanes: lanes,
            inputBytes: export.size,
            phoneMetadata: policy.phoneMetadata
        )
        report.add(source.headerProblems, line: 1)
        var progress = ProgressBar(total: export.size)
        if source.format == .jsonLines {
            let blocks = source.lineBlocks()
            try JSONLinesLint.run(blocks, policy: policy, workers: workers) { block in
                report.add(block)
                progress.update(bytes: blocks.bytesRead, records: report.records)
            }
        } else {
            try RecordBatches(source: source, policy: policy).checkAll { line, check in
                report.add(check, line: line)
                if report.records & 0x3FF == 0 { progress.update(bytes: source.bytesRead, records: report.records) }
            }
        }
        progress.finish()
        switch format {
        case .text: print(report.text(name: file, in: language.catalog))
        case .json: print(report.json(in: language.catalog))
        }
        if report.hasProblems { throw ExitCode(1) }
    }
}
#endif
