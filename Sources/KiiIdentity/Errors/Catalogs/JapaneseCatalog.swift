/// The Japanese words every detail type's reasons share: polite form errors (です・ます調) with
/// the field names of Kii's Japanese documentation (ユーザー名, メールアドレス, ...), the joining of
/// Japanese and half-width text, and the wording of characters, units and number types. Each
/// detail type words its own cases beside them.
///
/// A message is the field's name, a particle and the reason: 「ユーザー名は 3 文字以上で入力してください」.
/// Numbers, codes and quoted characters are written as in English, with a half-width space
/// between them and Japanese text.
package enum JapaneseCatalog {
    /// Between the messages of one error.
    package static let separator = "。"

    /// The field's name as Kii's Japanese documentation writes it; a field the catalog does not
    /// know is named by its raw value.
    package static func label(_ field: ValidationError.Field) -> String {
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

    /// 「2 文字目の空白は使用できません（使用できるのは…）」; a password's character is not named.
    static func invalidCharacter(
        _ character: ValidationError.FieldDetail.OffendingCharacter,
        position: Int,
        count: Int,
        allowed: ValidationError.FieldDetail.AllowedCharacters
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

    private static func describe(_ allowed: ValidationError.FieldDetail.AllowedCharacters) -> String {
        switch allowed {
        case .username: "使用できるのは半角英数字と '_'、'-'、'.' だけです"
        case .password: "使用できるのは半角英数字、記号（ASCII の印字可能文字）と空白だけです"
        case .locale: "使用できるのは半角英数字と '-' だけです"
        case .emailLocalPart: "'@' の前に使用できるのは半角英数字と '.'、'_'、'%'、'+'、'-' だけです"
        case .emailDomain: "'@' の後に使用できるのは半角英数字と '-'、'.' だけです"
        case .internationalPhoneNumber: "'+' の後に使用できるのは数字だけです"
        case .localPhoneNumber: "国内電話番号形式は数字だけで、国際電話番号形式は '+' で始まります"
        case .typedPhoneNumber: "使用できるのは数字、先頭の '+'、数字の間の空白・'-'・'.'・'('・')' です"
        }
    }

    static func name(_ unit: ValidationError.FieldDetail.LengthUnit) -> String {
        switch unit {
        case .characters, .letters: "文字"
        case .bytes: "バイト"
        }
    }

    static func name(_ type: PhoneNumberType) -> String {
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
    package static func joined(_ left: String, _ right: String) -> String {
        guard let last = left.unicodeScalars.last, let first = right.unicodeScalars.first else {
            return left + right
        }
        if last == " " || first == " " { return left + right }
        return last.isASCII || first.isASCII ? left + " " + right : left + right
    }
}
