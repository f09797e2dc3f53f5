import ArgumentParser

/// `kii-identity register`: registration checks of user records given as JSON Lines.
struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Check user records (JSON Lines) against the registration rules."
    )

    func run() throws {}
}
