/// Properties of registration records (SPEC 9); filled in once the records API lands.
enum RegistrationChecks {
    static func check(_ input: inout FuzzInput, _ violations: inout Violations) {
        _ = input.rest()
    }
}
