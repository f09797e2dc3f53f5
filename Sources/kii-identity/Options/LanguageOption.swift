#if CommandLineTool
import ArgumentParser
import KiiIdentity

/// The `--language` option shared by every subcommand: the language of reasons (and of
/// `lint`'s report headings). JSON keys and codes are the same in every language.
struct LanguageOption: ParsableArguments {
    /// The languages on the command line, by BCP 47 tag.
    enum Tag: String, ExpressibleByArgument, CaseIterable {
        case en, ja
    }

    @Option(help: ArgumentHelp("The language of reasons and report headings: en or ja.", valueName: "tag"))
    var language: Tag = .en

    /// The catalog language.
    var catalog: KiiIdentity.ValidationError.Language {
        switch language {
        case .en: .english
        case .ja: .japanese
        }
    }
}
#endif
