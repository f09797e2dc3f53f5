import Foundation
import KiiIdentity
import Testing

/// `Scripts/kii-sdk/run-unity.sh`'s driver draws phone numbers the service takes (issue 49,
/// item 7): `090`/`080` then 8 random digits failed at sign-up whenever the fourth digit was 0
/// (about 1 run in 5), since a Japanese mobile number is `[7-9]0[1-9]` and 7 digits after its
/// trunk 0. The driver now draws the fourth digit from 1 to 9; every number it can draw is a
/// mobile number to the library, and none of the old draws with a 0 there is.
@Suite struct UnityDriverTests {
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/kii-sdk/unity/Drive.cs")

    @Test func theDriverDrawsOnlyValidJapaneseMobileNumbers() throws {
        let source = try String(contentsOf: Self.driver, encoding: .utf8)
        #expect(source.contains(#"phone = JapaneseMobile("090")"#))
        #expect(source.contains(#"bobPhone = JapaneseMobile("080")"#))
        #expect(source.contains("return prefix + (1 + Random.Next(9)) + Digits(7);"))
        #expect(!source.contains("+ Digits(8)"))
        for prefix in ["090", "080"] {
            for fourth in 1...9 {
                for rest in ["0000000", "5555555", "9999999"] {
                    let number = "\(prefix)\(fourth)\(rest)"
                    #expect((try? PhoneNumber(local: number, country: "JP")) != nil, "\(number)")
                }
            }
            #expect((try? PhoneNumber(local: "\(prefix)01234567", country: "JP")) == nil)
        }
    }
}
