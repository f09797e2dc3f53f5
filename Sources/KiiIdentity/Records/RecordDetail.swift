extension ValidationError {
    /// The problems of users as records: the registration table, custom field names, pseudo
    /// users, updates, the JSON shape of a body and identifiers already taken.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum RecordDetail: Detail {
        /// No username, email address or phone number.
        case noIdentifier
        /// The identifiers given cannot sign up under the verification settings.
        case verificationConflict(VerificationConflict)
        /// A custom field with an empty name.
        case emptyFieldName
        /// A custom field `name` that starts with `_`.
        case reservedPrefix(name: String)
        /// A custom field `name` that is a predefined field's.
        case predefinedName(name: String)
        /// A password member in a user record.
        case passwordNotInRecord
        /// A predefined member of another JSON type than string.
        case notAString(found: JSONDetail.ValueType)
        /// A typed phone number's JSON object (`{"number", "country"}`) with the member `name`.
        case notTypedPhoneMember(name: String)
        /// An identifier or a password given to a pseudo user.
        case notAllowedForPseudoUser
        /// A change of the username, which is `current`.
        case usernameImmutable(current: String)
        /// An upgrade of a user that is not a pseudo user (it has an identifier).
        case notPseudoUser
        /// A member `name` of an upgrade body other than its identifiers and password.
        case notUpgradeMember(name: String)
        /// Identifiers given to a pseudo user in an update of its fields.
        case pseudoUserIdentifiersNeedUpgrade
        /// A `password` member in an update body.
        case passwordNotInUpdate
        /// An update that removes the username.
        case usernameNotRemovable
        /// An update that removes the email address or the phone number.
        case identifierNotRemovable
        /// An update that removes the password.
        case passwordNotRemovable
        /// An update that removes a member the server sets (`userID`, `emailAddressVerified`, ...).
        case serverFieldNotRemovable
        /// An update that sets and removes the same predefined field.
        case setAndRemoved
        /// An update that sets and removes the custom field `name`.
        case customFieldSetAndRemoved(name: String)
        /// An identifier another user already has (a service's unique key is taken).
        case alreadyTaken

        /// The stable machine code.
        public var code: Code {
            switch self {
            case .noIdentifier: .noIdentifier
            case .verificationConflict: .verificationConflict
            case .emptyFieldName: .emptyFieldName
            case .reservedPrefix, .predefinedName, .passwordNotInRecord, .passwordNotInUpdate: .reservedName
            case .notAString: .notAString
            case .notTypedPhoneMember, .notUpgradeMember: .unknownField
            case .notPseudoUser: .notAPseudoUser
            case .notAllowedForPseudoUser: .notAllowedForPseudoUser
            case .usernameImmutable, .usernameNotRemovable: .immutable
            case .pseudoUserIdentifiersNeedUpgrade: .pseudoUserMustUpgrade
            case .identifierNotRemovable, .passwordNotRemovable, .serverFieldNotRemovable: .notRemovable
            case .setAndRemoved, .customFieldSetAndRemoved: .setAndRemoved
            case .alreadyTaken: .alreadyTaken
            }
        }

        /// 409 (Conflict) for a conflict with what is stored (a taken identifier, an upgrade of a
        /// user that is not a pseudo user); 400 for the rest.
        public var httpStatus: Int {
            switch self {
            case .alreadyTaken, .notPseudoUser: 409
            default: 400
            }
        }

        /// The case's name, as a problem is encoded under `detail`.
        public var name: String {
            switch self {
            case .noIdentifier: "noIdentifier"
            case .verificationConflict: "verificationConflict"
            case .emptyFieldName: "emptyFieldName"
            case .reservedPrefix: "reservedPrefix"
            case .predefinedName: "predefinedName"
            case .passwordNotInRecord: "passwordNotInRecord"
            case .notAString: "notAString"
            case .notTypedPhoneMember: "notTypedPhoneMember"
            case .notAllowedForPseudoUser: "notAllowedForPseudoUser"
            case .usernameImmutable: "usernameImmutable"
            case .notPseudoUser: "notPseudoUser"
            case .notUpgradeMember: "notUpgradeMember"
            case .pseudoUserIdentifiersNeedUpgrade: "pseudoUserIdentifiersNeedUpgrade"
            case .passwordNotInUpdate: "passwordNotInUpdate"
            case .usernameNotRemovable: "usernameNotRemovable"
            case .identifierNotRemovable: "identifierNotRemovable"
            case .passwordNotRemovable: "passwordNotRemovable"
            case .serverFieldNotRemovable: "serverFieldNotRemovable"
            case .setAndRemoved: "setAndRemoved"
            case .customFieldSetAndRemoved: "customFieldSetAndRemoved"
            case .alreadyTaken: "alreadyTaken"
            }
        }

        /// The values the reason needs, as strings.
        public var parameters: [(name: String, value: String)] {
            switch self {
            case .noIdentifier, .emptyFieldName, .passwordNotInRecord, .notAllowedForPseudoUser,
                .notPseudoUser, .pseudoUserIdentifiersNeedUpgrade, .passwordNotInUpdate,
                .usernameNotRemovable, .identifierNotRemovable, .passwordNotRemovable, .serverFieldNotRemovable,
                .setAndRemoved, .alreadyTaken:
                []
            case .verificationConflict(let conflict): [("conflict", conflict.rawValue)]
            case .reservedPrefix(let name), .predefinedName(let name), .customFieldSetAndRemoved(let name),
                .notTypedPhoneMember(let name), .notUpgradeMember(let name):
                [("name", name)]
            case .notAString(let found): [("found", found.rawValue)]
            case .usernameImmutable(let current): [("current", current)]
            }
        }

        /// The reason in `language`.
        public func phrase(in language: Language) -> Phrase {
            switch self {
            case .noIdentifier:
                language.phrase(
                    "has no username, email address or phone number (give at least one)",
                    ("には", "ユーザー名、メールアドレス、電話番号のいずれもありません（少なくとも 1 つを指定してください）")
                )
            case .verificationConflict(.onlyPhoneNumber):
                language.phrase(
                    "has only a phone number, so phone verification must be off (turn phone verification off, or add a username)",
                    ("は", "電話番号だけで登録するため、電話番号による認証をオフにする必要があります（電話番号による認証をオフにするか、ユーザー名を追加してください）")
                )
            case .verificationConflict(.onlyEmailAddress):
                language.phrase(
                    "has only an email address, so email verification must be off (turn email verification off, or add a username)",
                    ("は", "メールアドレスだけで登録するため、メールアドレスによる認証をオフにする必要があります（メールアドレスによる認証をオフにするか、ユーザー名を追加してください）")
                )
            case .verificationConflict(.emailAddressAndPhoneNumber):
                language.phrase(
                    "has an email address and a phone number but no username, so email verification or phone verification must be off (turn one of them off, or add a username)",
                    ("は", "ユーザー名なしでメールアドレスと電話番号で登録するため、どちらかの認証をオフにする必要があります（メールアドレスか電話番号による認証をオフにするか、ユーザー名を追加してください）")
                )
            case .emptyFieldName: language.phrase("has an empty name", ("の", "名前が空です"))
            case .reservedPrefix(let name):
                language.phrase(
                    "'\(name)' starts with '_', which is reserved",
                    ("の", "名前 '\(name)' は '_' で始まるため使用できません（'_' で始まる名前は予約されています）")
                )
            case .predefinedName(let name):
                language.phrase(
                    "'\(name)' is a predefined field name",
                    ("の", "名前 '\(name)' は既定フィールドの名前のため使用できません")
                )
            case .passwordNotInRecord:
                language.phrase(
                    "is not part of a user record (only of a request body)",
                    ("は", "ユーザーレコードには含められません（リクエストボディにだけ含めます）")
                )
            case .notAString(let found):
                language.phrase(
                    "must be a JSON string, not \(found.rawValue)",
                    ("は", "JSON の文字列で指定してください（\(found.japaneseName)が指定されています）")
                )
            case .notTypedPhoneMember(let name):
                language.phrase(
                    "has a member '\(name)' (a typed number has only 'number' and 'country')",
                    ("に", "メンバー '\(name)' があります（入力された番号のメンバーは 'number' と 'country' だけです）")
                )
            case .notAllowedForPseudoUser:
                language.phrase(
                    "is not allowed for a pseudo user (upgrade it to a normal user to set one)",
                    ("は", "疑似ユーザーには設定できません（設定するには通常のユーザーにアップグレードしてください）")
                )
            case .usernameImmutable(let current):
                language.phrase(
                    "cannot be changed once registered (it is '\(current)')",
                    ("は", "登録後に変更することはできません（現在は '\(current)' です）")
                )
            case .notPseudoUser:
                language.phrase(
                    "is not a pseudo user: it already has an identifier (change identifiers with an update)",
                    ("は", "疑似ユーザーではありません（識別子はすでにあります。識別子の変更は更新で行ってください）")
                )
            case .notUpgradeMember(let name):
                language.phrase(
                    "has a member '\(name)' that an upgrade does not take (only loginName, emailAddress, phoneNumber and password)",
                    ("に", "アップグレードでは使えないメンバー '\(name)' があります（使えるのは loginName、emailAddress、phoneNumber、password だけです）")
                )
            case .pseudoUserIdentifiersNeedUpgrade:
                language.phrase(
                    "is a pseudo user: it gets identifiers by an upgrade to a normal user (with a password), not by an update",
                    ("は", "疑似ユーザーのため、更新では識別子を設定できません（識別子とパスワードを設定して通常のユーザーにアップグレードしてください）")
                )
            case .passwordNotInUpdate:
                language.phrase(
                    "is not changed by a user update (only by a password change)",
                    ("は", "ユーザーの更新では変更できません（パスワードの変更手続きで変更してください）")
                )
            case .usernameNotRemovable:
                language.phrase(
                    "cannot be removed (it cannot change once registered)",
                    ("は", "削除できません（登録後は変更できません）")
                )
            case .identifierNotRemovable:
                language.phrase(
                    "cannot be removed by an update: it is how the user logs in (give a new one instead)",
                    ("は", "ログインに使用するため削除できません（削除せずに新しい値を指定してください）")
                )
            case .passwordNotRemovable:
                language.phrase("is not a user field and cannot be removed", ("は", "ユーザーフィールドではないため削除できません"))
            case .serverFieldNotRemovable:
                language.phrase("is set by the server and cannot be removed", ("は", "サーバーが設定するため削除できません"))
            case .setAndRemoved:
                language.phrase(
                    "is both set and removed",
                    ("に", "設定と削除の両方が指定されています（どちらか一方にしてください）")
                )
            case .customFieldSetAndRemoved(let name):
                language.phrase(
                    "'\(name)' is both set and removed",
                    ("の", "'\(name)' に設定と削除の両方が指定されています（どちらか一方にしてください）")
                )
            case .alreadyTaken: language.phrase("is already taken", ("は", "すでに使用されています"))
            }
        }

        /// The detail named `name` with `parameters`, or `nil`.
        public init?(name: String, parameters: [String: String]) {
            let read = ParameterReader(parameters)
            let parsed: Self? =
                switch name {
                case "noIdentifier": .noIdentifier
                case "verificationConflict": read.value("conflict").map { .verificationConflict($0) }
                case "emptyFieldName": .emptyFieldName
                case "reservedPrefix": parameters["name"].map { .reservedPrefix(name: $0) }
                case "predefinedName": parameters["name"].map { .predefinedName(name: $0) }
                case "passwordNotInRecord": .passwordNotInRecord
                case "notAString": read.value("found").map { .notAString(found: $0) }
                case "notTypedPhoneMember": parameters["name"].map { .notTypedPhoneMember(name: $0) }
                case "notAllowedForPseudoUser": .notAllowedForPseudoUser
                case "usernameImmutable": parameters["current"].map { .usernameImmutable(current: $0) }
                case "notPseudoUser": .notPseudoUser
                case "notUpgradeMember": parameters["name"].map { .notUpgradeMember(name: $0) }
                case "pseudoUserIdentifiersNeedUpgrade": .pseudoUserIdentifiersNeedUpgrade
                case "passwordNotInUpdate": .passwordNotInUpdate
                case "usernameNotRemovable": .usernameNotRemovable
                case "identifierNotRemovable": .identifierNotRemovable
                case "passwordNotRemovable": .passwordNotRemovable
                case "serverFieldNotRemovable": .serverFieldNotRemovable
                case "setAndRemoved": .setAndRemoved
                case "customFieldSetAndRemoved": parameters["name"].map { .customFieldSetAndRemoved(name: $0) }
                case "alreadyTaken": .alreadyTaken
                default: nil
                }
            guard let parsed else { return nil }
            self = parsed
        }
    }
}

extension ValidationError.RecordDetail {
    /// Which identifiers a verification conflict is about.
    public enum VerificationConflict: String, Sendable, Hashable, CaseIterable {
        /// Only a phone number, and phone verification is on.
        case onlyPhoneNumber
        /// Only an email address, and email verification is on.
        case onlyEmailAddress
        /// An email address and a phone number, and both verifications are on.
        case emailAddressAndPhoneNumber
    }
}
