import ArgumentParser

/// `kii-identity lint`: validates a whole user export and finds uniqueness conflicts.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Validate a user export (JSON Lines or CSV) and find uniqueness conflicts."
    )

    func run() throws {}
}
