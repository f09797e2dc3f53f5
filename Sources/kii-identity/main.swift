import KiiIdentity

func show(_ label: String, _ body: () throws -> String) {
    do { print(label, "->", try body()) } catch { print(label, "-> ERROR", error) }
}
show("+819012345678") {
    let p = try PhoneNumber(international: "+819012345678")
    return "\(p.e164) \(p.region) \(p.type) \(p.restForm) \(p.nationalFormat) \(p.internationalFormat)"
}
show("+8109012345678") { try PhoneNumber(international: "+8109012345678").e164 }
show("+11234567890") { try PhoneNumber(international: "+11234567890").e164 }
show("+447911123456") {
    let p = try PhoneNumber(international: "+447911123456")
    return "\(p.region) \(p.type)"
}
show("07911123456 GB") {
    let p = try PhoneNumber(local: "07911123456", country: "GB")
    return "\(p.e164) \(p.region) \(p.type)"
}
show("09011111111 JP") { try PhoneNumber(local: "09011111111", country: "JP").e164 }
show("9012345678 JP") { try PhoneNumber(local: "9012345678", country: "JP").e164 }
show("819012345678 JP") { try PhoneNumber(local: "819012345678", country: "JP").e164 }
show("010819012345678 JP") { try PhoneNumber(local: "010819012345678", country: "JP").e164 }
show("14155552671 US") { try PhoneNumber(local: "14155552671", country: "US").e164 }
show("4155552671 US") {
    let p = try PhoneNumber(local: "4155552671", country: "US")
    return "\(p.e164) \(p.type)"
}
show("US-2015550123") { try PhoneNumber(rest: "US-2015550123").e164 }
show("JP-09012345678") { try PhoneNumber(rest: "JP-09012345678").restForm }
show("jp-9012345678") { try PhoneNumber(rest: "jp-9012345678").restForm }
show("+50051234") { try PhoneNumber(international: "+50051234").e164 }
show("+50051234 low") { try PhoneNumber(international: "+50051234", policy: PhonePolicy(digitCount: 7...15)).e164 }
show("+81312345678") { try PhoneNumber(international: "+81312345678").e164 }
show("+80012345678") { try PhoneNumber(international: "+80012345678", policy: .anyValidNumber).e164 }
show("(201) 555-0123 US") { try PhoneNumber(userInput: "(201) 555-0123", country: "US").e164 }
show("＋８１ ９０-１２３４-５６７８") { try PhoneNumber(userInput: "＋８１ ９０-１２３４-５６７８").e164 }
show("+81 090-1234-5678") { try PhoneNumber(userInput: "+81 090-1234-5678").e164 }
show("1-800-FLOWERS US") { try PhoneNumber(userInput: "1-800-FLOWERS", country: "US").e164 }
show("tel:+819012345678") { try PhoneNumber(userInput: "tel:+819012345678").e164 }
show("+1 201 555 0123 ext 12") { try PhoneNumber(userInput: "+1 201 555 0123 ext 12").e164 }
show("username a b") { try Username("a b").normalized }
show("password ab é") { try Password("ab é").normalized }
show("email") { try EmailAddress("User@Example.COM").normalized }
show("email bad") { try EmailAddress(".a..b.@-x.123").normalized }
show("jp") { try CountryCode("jp").normalized }
show("xx") { try CountryCode("xx").normalized }
show("XX") { try CountryCode("XX").normalized }
show("EN-us") { try LocaleTag("EN-us").normalized }
show("zh-hant-tw") { try LocaleTag("zh-hant-tw").normalized }
show("en-a-bbb-x-a-ccc") { try LocaleTag("en-a-bbb-X-A-ccc").normalized }
show("i-klingon") { try LocaleTag("I-KLINGON").normalized }
show("en-") { try LocaleTag("en-").normalized }
show("en-US-") { try LocaleTag("en-US-").normalized }
show("x-private") { try LocaleTag("x-private").normalized }
show("de-CH-1901") { try LocaleTag("DE-ch-1901").normalized }
show("sr-Latn-RS") { try LocaleTag("sr-latn-rs").normalized }
show("ident 0901 JP") { try LoginIdentifier("09012345678", country: "JP").qualified }
show("ident @\u{34C}") { "\(LoginIdentifier.classify("@\u{34C}")!)" }
print(CountryCode.allSupported.count)
