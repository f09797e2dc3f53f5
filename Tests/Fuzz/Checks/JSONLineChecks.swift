/// Properties of the CLI's JSON Lines line handling; filled in once the CLI lands.
enum JSONLineChecks {
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        _ = input.rest()
    }
}
