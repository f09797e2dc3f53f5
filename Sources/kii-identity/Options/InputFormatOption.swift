#if CommandLineTool
public import ArgumentParser
import KiiIdentityExport

/// The `--input-format` option shared by `register` and `lint`: the export's format when its
/// detection (``RecordSource/format(name:firstByte:)``) is not wanted.
struct InputFormatOption: ParsableArguments {
    @Option(help: ArgumentHelp("Read the input as jsonl or csv instead of detecting its format.", valueName: "format"))
    var inputFormat: RecordSource.Format?

    /// The detection rule, as the help texts state it.
    static let detection = """
        A name ending in .csv is CSV and one ending in .jsonl, .ndjson or .json is JSON Lines; any other \
        name, and standard input, is JSON Lines when its first byte is "{" and CSV \
        otherwise. --input-format jsonl|csv skips the detection.
        """
}

/// `--input-format jsonl` or `csv` (a public conformance, so ArgumentParser is imported publicly here).
extension RecordSource.Format: ExpressibleByArgument {}
#endif
