import HealthModel
import Testing

@testable import Report

/// The e-mail's `Date:` header: the instant the message is made, or SOURCE_DATE_EPOCH.
@Suite("Message date: RFC 5322 date-time, fixed by SOURCE_DATE_EPOCH")
struct MessageDateTests {
  @Test("RFC 5322 text of known instants (UTC)")
  func format() {
    #expect(MessageDate.rfc5322(0) == "Thu, 01 Jan 1970 00:00:00 +0000")
    // 2025-07-07 is day 20,276 after 1970-01-01; + 6 h 30 min.
    #expect(MessageDate.rfc5322(20_276 * 86_400 + 23_400) == "Mon, 07 Jul 2025 06:30:00 +0000")
    // 2000-02-29 (a leap day) is day 11,016; one second before midnight.
    #expect(MessageDate.rfc5322(11_016 * 86_400 + 86_399) == "Tue, 29 Feb 2000 23:59:59 +0000")
    #expect(MessageDate.rfc5322(253_402_300_799) == "Fri, 31 Dec 9999 23:59:59 +0000")
  }

  @Test("SOURCE_DATE_EPOCH wins over the clock; without it the clock is read")
  func resolve() throws {
    #expect(
      try MessageDate.resolve(environment: ["SOURCE_DATE_EPOCH": "1751869800"], now: { 5 })
        == 1_751_869_800)
    #expect(try MessageDate.resolve(environment: ["SOURCE_DATE_EPOCH": " 42 "], now: { 5 }) == 42)
    #expect(try MessageDate.resolve(environment: [:], now: { 5 }) == 5)
  }

  @Test("a malformed SOURCE_DATE_EPOCH is a usage error (64), never the clock instead")
  func malformed() {
    for bad in ["", "abc", "-5", "1e9", "12.5", "253402300800", "99999999999999"] {
      let error = #expect(throws: HealthError.self) {
        try MessageDate.resolve(environment: ["SOURCE_DATE_EPOCH": bad], now: { 5 })
      }
      #expect(error?.code == .usage, "\(bad)")
      #expect(error?.message.contains("SOURCE_DATE_EPOCH") == true)
    }
  }
}
