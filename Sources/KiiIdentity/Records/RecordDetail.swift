extension ValidationError {
    /// The problems of users as records: the registration table, custom field names, pseudo
    /// users, updates, the JSON shape of a body and identifiers already taken.
    ///
    /// Each case carries, in this file, its code, its name, its parameters and its reason in
    /// English and Japanese.
    public enum RecordDetail: DeclaredDetail {
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
        /// A member of a stored record that is valid but not in the normalised form the library
        /// writes (a username with a capital, an email domain in capitals, a locale not in the
        /// canonical case): ``UserRecord/init(storedJSON:)-(String)`` reads only what
        /// ``UserRecord/json`` wrote.
        case notNormalized

        /// The names of the cases, as a problem is encoded under `detail`.
        package enum Name: String, CaseIterable, Sendable {
            case noIdentifier, verificationConflict, emptyFieldName, reservedPrefix, predefinedName
            case passwordNotInRecord, notAString, notTypedPhoneMember, notAllowedForPseudoUser, usernameImmutable
            case notPseudoUser, notUpgradeMember, pseudoUserIdentifiersNeedUpgrade, passwordNotInUpdate
            case usernameNotRemovable, identifierNotRemovable, passwordNotRemovable, serverFieldNotRemovable
            case setAndRemoved, customFieldSetAndRemoved, alreadyTaken, notNormalized
        }

        /// Each case's name, code, status, parameters and words (see ``DeclaredDetail``): 409
        /// (Conflict) for a conflict with what is stored (a taken identifier, an upgrade of a user
        /// that is not a pseudo user), 400 for the rest.
        package func declare<Declaration: DetailDeclaration<Self>>(
            to declaration: Declaration
        ) -> Declaration.Result {
            switch self {
            case .noIdentifier:
                declaration.problem(
                    .noIdentifier,
                    code: .noIdentifier,
                    english: "has no username, email address or phone number (give at least one)",
                    japanese: ("には", "ユーザー名、メールアドレス、電話番号のいずれもありません（少なくとも 1 つを指定してください）")
                )
            case .verificationConflict(let conflict):
                declaration.problem(
                    .verificationConflict,
                    code: .verificationConflict,
                    parameters: [("conflict", conflict)],
                    english: "\(Self.words(conflict).english)",
                    japanese: ("は", Self.words(conflict).japanese)
                )
            case .emptyFieldName:
                declaration.problem(
                    .emptyFieldName,
                    code: .emptyFieldName,
                    english: "has an empty name",
                    japanese: ("の", "名前が空です")
                )
            case .reservedPrefix(let name):
                declaration.problem(
                    .reservedPrefix,
                    code: .reservedName,
                    parameters: [("name", name)],
                    english: "'\(name)' starts with '_', which is reserved",
                    japanese: ("の", "名前 '\(name)' は '_' で始まるため使用できません（'_' で始まる名前は予約されています）")
                )
            case .predefinedName(let name):
                declaration.problem(
                    .predefinedName,
                    code: .reservedName,
                    parameters: [("name", name)],
                    english: "'\(name)' is a predefined field name",
                    japanese: ("の", "名前 '\(name)' は既定フィールドの名前のため使用できません")
                )
            case .passwordNotInRecord:
                declaration.problem(
                    .passwordNotInRecord,
                    code: .reservedName,
                    english: "is not part of a user record (only of a request body)",
                    japanese: ("は", "ユーザーレコードには含められません（リクエストボディにだけ含めます）")
                )
            case .notAString(let found):
                declaration.problem(
                    .notAString,
                    code: .notAString,
                    parameters: [("found", found)],
                    english: "must be a JSON string, not \(found.rawValue)",
                    japanese: ("は", "JSON の文字列で指定してください（\(found.japaneseName)が指定されています）")
                )
            case .notTypedPhoneMember(let name):
                declaration.problem(
                    .notTypedPhoneMember,
                    code: .unknownField,
                    parameters: [("name", name)],
                    english: "has a member '\(name)' (a typed number has only 'number' and 'country')",
                    japanese: ("に", "メンバー '\(name)' があります（入力された番号のメンバーは 'number' と 'country' だけです）")
                )
            case .notAllowedForPseudoUser:
                declaration.problem(
                    .notAllowedForPseudoUser,
                    code: .notAllowedForPseudoUser,
                    english: "is not allowed for a pseudo user (upgrade it to a normal user to set one)",
                    japanese: ("は", "疑似ユーザーには設定できません（設定するには通常のユーザーにアップグレードしてください）")
                )
            case .usernameImmutable(let current):
                declaration.problem(
                    .usernameImmutable,
                    code: .immutable,
                    parameters: [("current", current)],
                    english: "cannot be changed once registered (it is '\(current)')",
                    japanese: ("は", "登録後に変更することはできません（現在は '\(current)' です）")
                )
            case .notPseudoUser:
                declaration.problem(
                    .notPseudoUser,
                    code: .notAPseudoUser,
                    status: 409,
                    english: "is not a pseudo user: it already has an identifier (change identifiers with an update)",
                    japanese: ("は", "疑似ユーザーではありません（識別子はすでにあります。識別子の変更は更新で行ってください）")
                )
            case .notUpgradeMember(let name):
                declaration.problem(
                    .notUpgradeMember,
                    code: .unknownField,
                    parameters: [("name", name)],
                    english:
                        "has a member '\(name)' that an upgrade does not take (only loginName, emailAddress, phoneNumber and password)",
                    japanese: (
                        "に", "アップグレードでは使えないメンバー '\(name)' があります（使えるのは loginName、emailAddress、phoneNumber、password だけです）"
                    )
                )
            case .pseudoUserIdentifiersNeedUpgrade:
                declaration.problem(
                    .pseudoUserIdentifiersNeedUpgrade,
                    code: .pseudoUserMustUpgrade,
                    english:
                        "is a pseudo user: it gets identifiers by an upgrade to a normal user (with a password), not by an update",
                    japanese: ("は", "疑似ユーザーのため、更新では識別子を設定できません（識別子とパスワードを設定して通常のユーザーにアップグレードしてください）")
                )
            case .passwordNotInUpdate:
                declaration.problem(
                    .passwordNotInUpdate,
                    code: .reservedName,
                    english: "is not changed by a user update (only by a password change)",
                    japanese: ("は", "ユーザーの更新では変更できません（パスワードの変更手続きで変更してください）")
                )
            case .usernameNotRemovable:
                declaration.problem(
                    .usernameNotRemovable,
                    code: .immutable,
                    english: "cannot be removed (it cannot change once registered)",
                    japanese: ("は", "削除できません（登録後は変更できません）")
                )
            case .identifierNotRemovable:
                declaration.problem(
                    .identifierNotRemovable,
                    code: .notRemovable,
                    english: "cannot be removed by an update: it is how the user logs in (give a new one instead)",
                    japanese: ("は", "ログインに使用するため削除できません（削除せずに新しい値を指定してください）")
                )
            case .passwordNotRemovable:
                declaration.problem(
                    .passwordNotRemovable,
                    code: .notRemovable,
                    english: "is not a user field and cannot be removed",
                    japanese: ("は", "ユーザーフィールドではないため削除できません")
                )
            case .serverFieldNotRemovable:
                declaration.problem(
                    .serverFieldNotRemovable,
                    code: .notRemovable,
                    english: "is set by the server and cannot be removed",
                    japanese: ("は", "サーバーが設定するため削除できません")
                )
            case .setAndRemoved:
                declaration.problem(
                    .setAndRemoved,
                    code: .setAndRemoved,
                    english: "is both set and removed",
                    japanese: ("に", "設定と削除の両方が指定されています（どちらか一方にしてください）")
                )
            case .customFieldSetAndRemoved(let name):
                declaration.problem(
                    .customFieldSetAndRemoved,
                    code: .setAndRemoved,
                    parameters: [("name", name)],
                    english: "'\(name)' is both set and removed",
                    japanese: ("の", "'\(name)' に設定と削除の両方が指定されています（どちらか一方にしてください）")
                )
            case .alreadyTaken:
                declaration.problem(
                    .alreadyTaken,
                    code: .alreadyTaken,
                    status: 409,
                    english: "is already taken",
                    japanese: ("は", "すでに使用されています")
                )
            case .notNormalized:
                declaration.problem(
                    .notNormalized,
                    code: .notNormalized,
                    english: "is not in the normalised form a stored record holds (it was not written by the library)",
                    japanese: ("は", "保存されたレコードの正規化された形式ではありません（ライブラリが書き込んだ値ではありません）")
                )
            }
        }

        /// What a verification conflict is and how to settle it, in English and in Japanese.
        private static func words(_ conflict: VerificationConflict) -> (english: String, japanese: String) {
            switch conflict {
            case .onlyPhoneNumber:
                (
                    "has only a phone number, so phone verification must be off (turn phone verification off, or add a username)",
                    "電話番号だけで登録するため、電話番号による認証をオフにする必要があります（電話番号による認証をオフにするか、ユーザー名を追加してください）"
                )
            case .onlyEmailAddress:
                (
                    "has only an email address, so email verification must be off (turn email verification off, or add a username)",
                    "メールアドレスだけで登録するため、メールアドレスによる認証をオフにする必要があります（メールアドレスによる認証をオフにするか、ユーザー名を追加してください）"
                )
            case .emailAddressAndPhoneNumber:
                (
                    "has an email address and a phone number but no username, so email verification or phone verification must be off (turn one of them off, or add a username)",
                    "ユーザー名なしでメールアドレスと電話番号で登録するため、どちらかの認証をオフにする必要があります（メールアドレスか電話番号による認証をオフにするか、ユーザー名を追加してください）"
                )
            }
        }

        /// The case named `name`, read from `parameters` (see ``DeclaredDetail``).
        package static func make(_ name: Name, from parameters: some DetailParameterSource) -> Self? {
            switch name {
            case .noIdentifier: .noIdentifier
            case .verificationConflict: parameters.make(Self.verificationConflict, "conflict")
            case .emptyFieldName: .emptyFieldName
            case .reservedPrefix: parameters.make(Self.reservedPrefix, "name")
            case .predefinedName: parameters.make(Self.predefinedName, "name")
            case .passwordNotInRecord: .passwordNotInRecord
            case .notAString: parameters.make(Self.notAString, "found")
            case .notTypedPhoneMember: parameters.make(Self.notTypedPhoneMember, "name")
            case .notAllowedForPseudoUser: .notAllowedForPseudoUser
            case .usernameImmutable: parameters.make(Self.usernameImmutable, "current")
            case .notPseudoUser: .notPseudoUser
            case .notUpgradeMember: parameters.make(Self.notUpgradeMember, "name")
            case .pseudoUserIdentifiersNeedUpgrade: .pseudoUserIdentifiersNeedUpgrade
            case .passwordNotInUpdate: .passwordNotInUpdate
            case .usernameNotRemovable: .usernameNotRemovable
            case .identifierNotRemovable: .identifierNotRemovable
            case .passwordNotRemovable: .passwordNotRemovable
            case .serverFieldNotRemovable: .serverFieldNotRemovable
            case .setAndRemoved: .setAndRemoved
            case .customFieldSetAndRemoved: parameters.make(Self.customFieldSetAndRemoved, "name")
            case .alreadyTaken: .alreadyTaken
            case .notNormalized: .notNormalized
            }
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
