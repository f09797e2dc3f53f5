/// Records whose usernames differ but share a lookalike key (``Username/lookalikeKey``): `bob`
/// and `b0b`, `paypal` and `paypa1`. Not a conflict (the usernames are different users to Kii),
/// but a service that keeps lookalike keys unique refuses the later ones.
package struct LookalikeGroup: Sendable, Equatable {
    /// One username of the group and the lines of the records that hold it.
    package struct Username: Sendable, Equatable {
        /// The normalised (lowercase) username.
        package let username: String
        /// The lines, ascending.
        package let lines: [Int]

        package init(username: String, lines: [Int]) {
            self.username = username
            self.lines = lines
        }
    }

    /// The lookalike key.
    package let key: String
    /// The lines of every record of the group, ascending.
    package let lines: [Int]
    /// The usernames, by their first line: two or more (empty only for a key with too many
    /// possible usernames to search, see ``ConflictLanes/lookalikeGroups(searchLimit:)``).
    package let usernames: [Username]

    package init(key: String, lines: [Int], usernames: [Username]) {
        self.key = key
        self.lines = lines
        self.usernames = usernames
    }
}
