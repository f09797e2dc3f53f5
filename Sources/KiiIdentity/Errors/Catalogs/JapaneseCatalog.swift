/// The Japanese texts of every ``ValidationError/Detail``: polite form errors (です・ます調)
/// with the field names of Kii's Japanese documentation (ユーザー名, メールアドレス, ...).
///
/// A message is the field's name, a particle and the reason: 「ユーザー名は 3 文字以上で入力してください」.
/// Numbers, codes and quoted characters are written as in English, with a half-width space
/// between them and Japanese text.
enum JapaneseCatalog {
    /// Between the messages of one error.
    static let separator = "。"

    /// The field's name as Kii's Japanese documentation writes it; a field the catalog does not
    /// know is named by its raw value.
    static func label(_ field: ValidationError.Field) -> String {
        switch field {
        case .username: "ユーザー名"
        case .emailAddress: "メールアドレス"
        case .phoneNumber: "電話番号"
        case .password: "パスワード"
        case .displayName: "ディスプレイネーム"
        case .country: "所在国"
        case .locale: "ロケール"
        case .identifier: "ログイン ID"
        case .customFields: "カスタムフィールド"
        case .user: "ユーザー"
        case .line: "行"
        case .json: "JSON テキスト"
        case .userID: "ユーザー ID"
        case .internalUserID: "内部ユーザー ID"
        case .emailAddressVerified: "メールアドレスが確認済みかどうか"
        case .phoneNumberVerified: "電話番号が確認済みかどうか"
        default: field.rawValue
        }
    }

    /// The label, the detail's particle and the reason: 「ユーザー名は 3 文字以上で入力してください」.
    static func message(_ field: ValidationError.Field, _ detail: ValidationError.Detail) -> String {
        let phrase = phrase(detail)
        return joined(joined(label(field), phrase.particle), phrase.reason)
    }

    /// The reason, without the field's name: 「3 文字以上で入力してください」.
    static func reason(_ detail: ValidationError.Detail) -> String {
        phrase(detail).reason
    }

    /// The particle that joins the field's name to the reason, and the reason.
    static func phrase(_ detail: ValidationError.Detail) -> (particle: String, reason: String) {
        switch detail {
        case .missing: ("を", "入力してください")
        case .tooShort(let minimum, let unit): ("は", "\(minimum) \(name(unit))以上で入力してください")
        case .tooLong(let maximum, let unit): ("は", "\(maximum) \(name(unit))以内で入力してください")
        case .invalidCharacter(let character, let position, let count, let allowed):
            ("の", invalidCharacter(character, position: position, count: count, allowed: allowed))
        case .missingAt: ("に", "'@' が含まれていません")
        case .multipleAt(let count): ("に", "'@' が \(count) 個含まれています（'@' は 1 個だけにしてください）")
        case .emptyLocalPart: ("は", "'@' の前が空です")
        case .localPartTooLong(let maximum): ("は", "'@' の前を \(maximum) 文字以内にしてください")
        case .localPartDotAtEdge: ("は", "'@' の前の先頭と末尾に '.' を使用できません")
        case .consecutiveDots: ("は", "'@' の前に '..'（'.' の連続）を使用できません")
        case .emptyDomain: ("は", "'@' の後が空です")
        case .domainNeedsTwoLabels: ("は", "'@' の後に example.com のような 2 つ以上のラベルからなるドメインを入力してください")
        case .emptyDomainLabel: ("に", "空のドメインラベルがあります（端の '.' または '..'）")
        case .domainLabelTooLong(let maximum): ("は", "ドメインの各ラベルを \(maximum) 文字以内にしてください")
        case .domainLabelHyphenAtEdge: ("は", "ドメインラベルの先頭と末尾に '-' を使用できません")
        case .numericTopLevelDomain: ("は", "ドメインの最後のラベルを数字だけにすることはできません")
        case .invalidCountryFormat: ("は", "JP のような英大文字 2 文字（ISO 3166-1 alpha-2）で入力してください")
        case .notUppercase(let suggestion?): ("は", "英大文字で入力してください（'\(suggestion)' ではありませんか？）")
        case .notUppercase(nil): ("は", "英大文字で入力してください")
        case .unknownRegion(let region): ("は", "対応している国・地域を入力してください（'\(region)' には対応していません）")
        case .regionPrefix(let inner):
            ("の", joined(joined("先頭の国コード", phrase(inner).particle), phrase(inner).reason))
        case .languageTagEndsEarly: ("は", "正しい BCP 47 言語タグではありません（サブタグが必要な位置で終わっています）")
        case .emptySubtag(let position): ("は", "正しい BCP 47 言語タグではありません（\(position) 文字目のサブタグが空です）")
        case .misplacedSubtag(let subtag, let position):
            ("は", "正しい BCP 47 言語タグではありません（\(position) 文字目の '\(subtag)' はその位置に置けません）")
        case .missingPlus: ("は", "'+' と国番号で始めてください")
        case .tooFewDigits(let digits, let minimum): ("は", "国番号を含めて \(minimum) 桁以上で入力してください（現在 \(digits) 桁）")
        case .tooManyDigits(let digits, let maximum): ("は", "国番号を含めて \(maximum) 桁以内で入力してください（現在 \(digits) 桁）")
        case .tooManyLocalDigits(let maximum): ("は", "国内電話番号形式では \(maximum) 桁以内で入力してください")
        case .tooManyTypedDigits(let digits, let maximum): ("は", "\(maximum) 桁以内で入力してください（現在 \(digits) 桁）")
        case .endsWithSeparator: ("は", "区切り文字で終わっています（区切り文字は数字の間にだけ入れてください）")
        case .noDigits: ("に", "数字が含まれていません")
        case .unknownCallingCode: ("は", "使用されている国番号で始まっていません")
        case .invalidNumber: ("は", "有効な番号ではありません")
        case .numberTooShort: ("は", "有効な番号ではありません（短すぎます）")
        case .numberTooLong: ("は", "有効な番号ではありません（長すぎます）")
        case .noSuchNumber(let callingCode):
            ("は", "有効な番号ではありません（libphonenumber は +\(callingCode) のこのような番号を知りません）")
        case .invalidNumberForRegion(let region): ("は", "\(region) の番号として有効ではありません")
        case .notNumberOfRegion(let region): ("は", "\(region) の番号ではありません")
        case .notE164(let suggestion): ("は", "E.164 形式で入力してください（\(suggestion) ではありませんか？）")
        case .landline: ("は", "固定電話の番号です（携帯電話の番号のみ使用できます）")
        case .notMobile(let type): ("は", "\(name(type))番号です（携帯電話の番号のみ使用できます）")
        case .nonGeographic(let callingCode): ("は", "特定の国に属さない番号（+\(callingCode)）のため使用できません")
        case .internationalPrefix(let suggestion):
            ("は", "国際電話の識別番号で始まっています（\(suggestion) と入力してください）")
        case .callingCodeWithoutPlus(let callingCode, let suggestion):
            ("は", "'+' なしで国番号 \(callingCode) から始まっています（\(suggestion) または国内の番号で入力してください）")
        case .needsCountry: ("は", "国内電話番号形式として読むには所在国が必要です（または '+' と国番号から入力してください）")
        case .recordNeedsCountry:
            ("は", "国内電話番号形式として読むには所在国が必要です（JP-9012345678 のような REST 形式で入力するか、ユーザーの所在国を設定してください）")
        case .malformedRestForm: ("は", "JP-9012345678 のように国コード、'-'、国内の番号の順で入力してください")
        case .containsLetters: ("に", "英字が含まれています（英字を使った番号は使用できないため、数字で入力してください）")
        case .hasExtension: ("に", "内線番号が含まれています（内線番号は電話番号に含めないでください）")
        case .telURI: ("は", "tel: URI になっています（番号だけを入力してください）")
        case .notTypedPhoneMember(let name):
            ("に", "メンバー '\(name)' があります（入力された番号のメンバーは 'number' と 'country' だけです）")
        case .noIdentifier: ("には", "ユーザー名、メールアドレス、電話番号のいずれもありません（少なくとも 1 つを指定してください）")
        case .verificationConflict(.onlyPhoneNumber):
            ("は", "電話番号だけで登録するため、電話番号による認証をオフにする必要があります（電話番号による認証をオフにするか、ユーザー名を追加してください）")
        case .verificationConflict(.onlyEmailAddress):
            ("は", "メールアドレスだけで登録するため、メールアドレスによる認証をオフにする必要があります（メールアドレスによる認証をオフにするか、ユーザー名を追加してください）")
        case .verificationConflict(.emailAddressAndPhoneNumber):
            ("は", "ユーザー名なしでメールアドレスと電話番号で登録するため、どちらかの認証をオフにする必要があります（メールアドレスか電話番号による認証をオフにするか、ユーザー名を追加してください）")
        case .emptyFieldName: ("の", "名前が空です")
        case .reservedPrefix(let name): ("の", "名前 '\(name)' は '_' で始まるため使用できません（'_' で始まる名前は予約されています）")
        case .predefinedName(let name): ("の", "名前 '\(name)' は既定フィールドの名前のため使用できません")
        case .passwordNotInRecord: ("は", "ユーザーレコードには含められません（リクエストボディにだけ含めます）")
        case .notAString(let found): ("は", "JSON の文字列で指定してください（\(name(found))が指定されています）")
        case .notAllowedForPseudoUser: ("は", "疑似ユーザーには設定できません（設定するには通常のユーザーにアップグレードしてください）")
        case .usernameImmutable(let current): ("は", "登録後に変更することはできません（現在は '\(current)' です）")
        case .pseudoUserMustUpgrade:
            ("は", "疑似ユーザーのため更新できません（識別子とパスワードを設定して通常のユーザーにアップグレードしてください）")
        case .pseudoUserIdentifiersNeedUpgrade:
            ("は", "疑似ユーザーのため、更新では識別子を設定できません（識別子とパスワードを設定して通常のユーザーにアップグレードしてください）")
        case .passwordNotInUpdate: ("は", "ユーザーの更新では変更できません（パスワードの変更手続きで変更してください）")
        case .usernameNotRemovable: ("は", "削除できません（登録後は変更できません）")
        case .identifierNotRemovable: ("は", "ログインに使用するため削除できません（削除せずに新しい値を指定してください）")
        case .passwordNotRemovable: ("は", "ユーザーフィールドではないため削除できません")
        case .serverFieldNotRemovable: ("は", "サーバーが設定するため削除できません")
        case .setAndRemoved: ("に", "設定と削除の両方が指定されています（どちらか一方にしてください）")
        case .customFieldSetAndRemoved(let name): ("の", "'\(name)' に設定と削除の両方が指定されています（どちらか一方にしてください）")
        case .alreadyTaken: ("は", "すでに使用されています")
        case .invalidUTF8: ("に", "UTF-8 ではないバイトが含まれています")
        case .malformedJSON: ("は", "正しい JSON ではありません")
        case .notAnObject: ("は", "JSON オブジェクトではありません")
        case .wrongType(let expected, let found?):
            ("は", "\(name(expected))で指定してください（\(name(found))が指定されています）")
        case .wrongType(let expected, nil): ("は", "\(name(expected))で指定してください")
        case .notRecordMember: ("は", "ユーザーレコードのメンバーではありません")
        case .unknownColumn(let column): ("に", "ユーザーレコードのメンバーではない列があります（\(column) 列目は無視されます）")
        case .repeatedColumn(let name, let column): ("に", "列 '\(name)' が 2 回あります（\(column) 列目は無視されます）")
        case .lineTooLong(let maximumBytes): ("は", "\(maximumBytes) バイトを超えています")
        case .textAfterClosingQuote(let column): ("に", "閉じる引用符の後に文字があります（\(column) 列目）")
        case .quoteInUnquotedField(let column): ("に", "引用符で囲まれていないフィールドの中に引用符があります（\(column) 列目）")
        case .unclosedQuote: ("に", "閉じられていない引用符があります")
        case .columnCount(let fields, let headerFields): ("の", "フィールドは \(fields) 個ですが、ヘッダーは \(headerFields) 個です")
        case .memberNotAString(let member): ("の", "\"\(member)\" は文字列で指定してください")
        case .unexpectedMember(let allowed):
            ("に", "\(allowed.map { "\"\($0)\"" }.joined(separator: "、")) 以外のメンバーがあります")
        case .memberNotOneOf(let member, let allowed):
            ("の", "\"\(member)\" は \(allowed.joined(separator: "、")) のいずれかにしてください")
        case .memberMissing(let member): ("に", "\"\(member)\" がありません")
        case .jsonSyntax(let syntax, let column): ("は", "正しい JSON ではありません（\(column) 文字目に\(describe(syntax))）")
        case .duplicateMember(let name, let column):
            ("に", "メンバー \(EnglishCatalog.quotedName(name)) が 2 回あります（\(column) 文字目）")
        case .jsonInvalidUTF8(let column): ("に", "UTF-8 ではないバイトが含まれています（\(column) 文字目）")
        case .numberOutOfRange(let digits, let column):
            ("に", "指数が \(digits) 桁を超える数値があります（\(column) 文字目）")
        case .nestingTooDeep(let maximum, let column):
            ("に", "\(maximum) 段より深く入れ子になった配列またはオブジェクトがあります（\(column) 文字目）")
        case .custom(_, let reason): ("", reason)
        }
    }

    /// What breaks the JSON grammar, as a noun phrase: 「末尾のカンマ」.
    static func describe(_ syntax: ValidationError.Detail.JSONSyntax) -> String {
        switch syntax {
        case .noValue: "値がありません"
        case .trailingComma: "末尾のカンマがあります"
        case .comment: "コメントがあります"
        case .singleQuotedString: "単一引用符で囲まれた文字列があります"
        case .nanOrInfinity: "JSON にない NaN または Infinity があります"
        case .leadingZero: "先頭に 0 が付いた数値があります"
        case .plusSign: "数値の前に '+' があります"
        case .noDigitBeforePoint: "'.' の前に数字のない数値があります"
        case .noDigitAfterPoint: "'.' の後に数字のない数値があります"
        case .exponentWithoutDigits: "数字のない指数があります"
        case .minusWithoutDigits: "数字のない '-' があります"
        case .letterAfterNumber: "数値の直後に文字があります"
        case .controlCharacter: "文字列の中にエスケープされていない制御文字があります"
        case .invalidEscape: "不正なエスケープがあります"
        case .loneSurrogate: "対になっていないサロゲートがあります"
        case .byteOrderMark: "ファイルの先頭以外にバイト順マーク (U+FEFF) があります"
        case .missingValue: "',' の前に値がありません"
        case .missingColon: "名前の後に ':' がありません"
        case .nameNotString: "文字列ではないメンバー名があります"
        case .missingCommaOrBrace: "',' または '}' がありません"
        case .missingCommaOrBracket: "',' または ']' がありません"
        case .unclosedString: "閉じられていない文字列があります"
        case .unexpectedEnd: "値の途中でテキストが終わっています"
        case .textAfterValue: "値の後に余分なテキストがあります"
        case .unexpectedCharacter: "予期しない文字があります"
        }
    }

    /// 「2 文字目の空白は使用できません（使用できるのは…）」; a password's character is not named.
    private static func invalidCharacter(
        _ character: ValidationError.Detail.OffendingCharacter,
        position: Int,
        count: Int,
        allowed: ValidationError.Detail.AllowedCharacters
    ) -> String {
        var what = "\(position) 文字目"
        switch character {
        case .scalar(" "): what += "の空白"
        case .scalar(let scalar) where scalar.value > 0x20 && scalar.value < 0x7F: what += "の '\(Character(scalar))'"
        case .scalar(let scalar): what += "の \(scalar.codePoint)"
        case .invalidByte: what += "の UTF-8 として不正なバイト"
        case .undisclosed: break
        }
        if count > 1 { what = joined(what, "ほか \(count - 1) 文字") }
        return joined(what, "は使用できません（\(describe(allowed))）")
    }

    private static func describe(_ allowed: ValidationError.Detail.AllowedCharacters) -> String {
        switch allowed {
        case .username: "使用できるのは英数字と '_'、'-'、'.' だけです"
        case .password: "使用できるのは英数字、記号（ASCII の印字可能文字）と空白だけです"
        case .locale: "使用できるのは英数字と '-' だけです"
        case .emailLocalPart: "'@' の前に使用できるのは英数字と '.'、'_'、'%'、'+'、'-' だけです"
        case .emailDomain: "'@' の後に使用できるのは英数字と '-'、'.' だけです"
        case .internationalPhoneNumber: "'+' の後に使用できるのは数字だけです"
        case .localPhoneNumber: "国内電話番号形式は数字だけで、国際電話番号形式は '+' で始まります"
        case .typedPhoneNumber: "使用できるのは数字、先頭の '+'、数字の間の空白・'-'・'.'・'('・')' です"
        }
    }

    private static func name(_ unit: ValidationError.Detail.LengthUnit) -> String {
        switch unit {
        case .characters, .letters: "文字"
        case .bytes: "バイト"
        }
    }

    private static func name(_ type: ValidationError.Detail.JSONType) -> String {
        switch type {
        case .null: "null "
        case .boolean: "真偽値"
        case .number: "数値"
        case .string: "文字列"
        case .array: "配列"
        case .object: "オブジェクト"
        }
    }

    private static func name(_ type: ValidationError.Detail.ExpectedType) -> String {
        switch type {
        case .object: "JSON オブジェクト"
        case .boolean: "true または false "
        }
    }

    private static func name(_ type: PhoneNumberType) -> String {
        switch type {
        case .fixedLine: "固定電話の"
        case .mobile: "携帯電話の"
        case .fixedLineOrMobile: "固定電話または携帯電話の"
        case .tollFree: "フリーダイヤルの"
        case .premiumRate: "有料情報サービスの"
        case .sharedCost: "通話料分担サービスの"
        case .voip: "IP 電話の"
        case .personalNumber: "パーソナル"
        case .pager: "ポケットベルの"
        case .uan: "統一番号（UAN）の"
        case .voicemail: "ボイスメールの"
        case .unknown: "種類が不明な"
        }
    }

    /// `left` and `right`, with a half-width space between them when either side is
    /// half-width (a number, a code, a quote): 「ログイン ID を」, 「ユーザー名は 3 文字」.
    private static func joined(_ left: String, _ right: String) -> String {
        guard let last = left.unicodeScalars.last, let first = right.unicodeScalars.first else {
            return left + right
        }
        if last == " " || first == " " { return left + right }
        return last.isASCII || first.isASCII ? left + " " + right : left + right
    }
}
