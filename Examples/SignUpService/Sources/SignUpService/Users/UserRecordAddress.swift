import KiiIdentity

extension UserRecord {
    /// The record's address of `kind` as a code is sent to it: the email address as stored
    /// (its local part as the user wrote it, unlike its key), the E.164 phone number; `nil` for
    /// a username or an address the record does not have.
    func address(_ kind: LoginKind) -> String? {
        switch kind {
        case .username: nil
        case .email: email?.normalized
        case .phone: phone?.e164
        }
    }
}
