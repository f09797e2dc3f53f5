import Testing

@testable import SignUpService

/// The form in which an account remembers a client address: IPv4 as it is, IPv6 by its /64,
/// anything else not at all.
@Suite struct RememberedAddressTests {
    @Test func ipv4AddressesStayAsTheyAre() {
        #expect(RememberedAddress("203.0.113.7")?.text == "203.0.113.7")
        #expect(RememberedAddress("0.0.0.0")?.text == "0.0.0.0")
        #expect(RememberedAddress("255.255.255.255")?.text == "255.255.255.255")
    }

    @Test func ipv6AddressesAreTheirSixtyFour() {
        #expect(RememberedAddress("2001:db8:0:1::7")?.text == "2001:db8:0:1::/64")
        #expect(RememberedAddress("2001:0db8:0000:0001:ffff:1:2:3")?.text == "2001:db8:0:1::/64")
        #expect(RememberedAddress("2001:db8:0:1::/64")?.text == "2001:db8:0:1::/64")
        #expect(RememberedAddress("fe80::1%eth0")?.text == "fe80:0:0:0::/64")
        #expect(RememberedAddress("::ffff:192.0.2.1")?.text == "192.0.2.1")
        // As the throttle counts a request's address, so the account remembers it.
        #expect(RememberedAddress(ClientAddress.counted("2001:db8:0:1::99"))?.text == "2001:db8:0:1::/64")
    }

    @Test func anythingElseIsNotRemembered() {
        for text in [
            "unknown", "", "203.0.113", "203.0.113.256", "203.0.113.07", "1.2.3.4.5", "2001:db8::1::2",
            "2001:db8:0:1:5::/64", "2001:db8::/48", "example.com", String(repeating: "1", count: 80),
        ] {
            #expect(RememberedAddress(text) == nil, "\(text)")
        }
    }
}
