import KiiIdentity

/// The checks of a sign-up form without signing anyone up (`POST /checks`): the members given
/// are read as a sign-up reads them, under the service's policy (display names, mobile numbers,
/// verification), and each given member's problems are the answer. Nothing is stored and no
/// database is asked: whether an identifier is taken is the sign-up's answer (409), never a
/// check's, so the route tells nobody which names exist.
///
/// A password is judged as a sign-up judges it: under the service's policy (`PASSWORD_POLICY`),
/// with the username, email address and display name of the same form, and the app's words, as
/// its context; its problems are codes and reasons, never the password.
struct FormCheck: Sendable {
    /// The sign-up's policy.
    let policy: RegistrationPolicy
    /// The app's words in a password (``PasswordJudge/appWordProblem(in:)``).
    let passwords: PasswordJudge

    /// The problems of `members` under their own names, in the order a sign-up reports them;
    /// none when every member given is fine. A problem of a member the form did not send (the
    /// password of a form that has none yet) or of the whole user (`no_identifier`) is left to the
    /// sign-up: a form checked one field at a time would show it at no field.
    func problems(of members: [String: JSONValue]) -> [ValidationError.Problem] {
        var problems: [ValidationError.Problem]
        do throws(ValidationError) {
            _ = try Registration(json: members, policy: policy)
            problems = []
        } catch {
            problems = error.problems.filter { members[$0.field.rawValue] != nil }
        }
        if !problems.contains(where: { $0.field == .password }),
            let problem = passwords.appWordProblem(in: members[PredefinedMember.password.rawValue]?.stringValue)
        {
            problems.append(problem)
        }
        return problems
    }
}
