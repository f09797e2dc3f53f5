import KiiIdentity

/// What a login or a refresh issues: a new access token of a user, when it expires, and, where
/// one is issued, the refresh token that gets the next one; the row that stores both as hashes.
///
/// Kii answers both alike: `{id, access_token, expires_in, token_type}`, with `refresh_token`
/// when there is one (``members(now:)``).
struct TokenGrant: Sendable {
    /// The user the tokens log in.
    let userID: String
    /// The new access token.
    let token: AccessToken
    /// The new refresh token, or `nil` (a login that asked for no expiry gets none).
    let refreshToken: AccessToken?
    /// The row to store.
    let record: AccessTokenRecord

    /// New tokens for `userID`: an access token that works until `expiresAt`, and a refresh token
    /// that works until `refreshExpiresAt` when it is given (Unix seconds); `family`: the
    /// session's family a refresh carries on (a login begins its own).
    init(userID: String, issuedAt: Int64, expiresAt: Int64, refreshExpiresAt: Int64?, family: String? = nil) {
        self.userID = userID
        token = AccessToken()
        refreshToken = refreshExpiresAt.map { _ in AccessToken() }
        record = AccessTokenRecord(
            hash: token.hash,
            userID: userID,
            expiresAt: expiresAt,
            issuedAt: issuedAt,
            refreshHash: refreshToken?.hash,
            refreshExpiresAt: refreshExpiresAt,
            family: family ?? token.hash
        )
    }

    /// Kii's answer at `now` (Unix seconds).
    func members(now: Int64) -> [String: JSONValue] {
        var members: [String: JSONValue] = [
            "id": .string(userID), "access_token": .string(token.text),
            "expires_in": .integer(Int(record.expiresAt - now)), "token_type": "Bearer",
        ]
        if let refreshToken { members["refresh_token"] = .string(refreshToken.text) }
        return members
    }
}
