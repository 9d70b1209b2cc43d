import Clean
import HealthModel
import Testing

@Suite("Source priority list: parsing and matching")
struct SourcePriorityTests {
  typealias F = Fixtures

  func rank(
    _ p: SourcePriority, _ source: String, device: String = "", manual: Bool = false,
    kind: SourceKind = .unknown
  ) -> Int {
    p.rank(source: source, device: device, userEntered: manual, sourceKind: kind)
  }

  @Test("the default list ranks hand entries, the watch, the vendors, the phone, then the rest")
  func defaultList() {
    let p = SourcePriority.standard
    #expect(
      p.description == "manual, Apple Watch, Garmin, Fitbit, Oura, WHOOP, Withings, iPhone, *")
    #expect(rank(p, "Health", manual: true) == 0)
    #expect(rank(p, "Health", kind: .manual) == 0)
    #expect(rank(p, F.watch) == 1)
    #expect(rank(p, F.phone) == 7)
    #expect(rank(p, "Oura") == 4)
    #expect(rank(p, "Sleep Cycle") == 8)
    // A hand entry typed on the phone is still manual first.
    #expect(rank(p, F.phone, manual: true) == 0)
  }

  @Test("parsing trims entries; empty lists, empty entries and repeats are usage errors")
  func parsing() throws {
    #expect(
      try SourcePriority(parsing: " manual ,Apple Watch,\u{00A0}iPhone , * ").entries == [
        "manual", "Apple Watch", "iPhone", "*",
      ])
    for bad in ["", "  ", "a,,b", "a,", "iPhone, iphone", "Jane’s Watch, jane's watch"] {
      #expect {
        try SourcePriority(parsing: bad)
      } throws: { error in
        (error as? HealthError)?.code == .usage
      }
    }
  }

  @Test("matching ignores case, reads U+00A0 as a space and U+2019 as an apostrophe")
  func normalisedMatching() throws {
    let p = try SourcePriority(parsing: "jane's apple watch, *")
    #expect(rank(p, "Jane’s\u{00A0}Apple\u{00A0}Watch") == 0)
    #expect(rank(p, "JANE'S APPLE WATCH") == 0)
    #expect(rank(p, "John’s Apple Watch") == 1)
  }

  @Test("the device's name and model match; the pointer and other fields never do")
  func deviceFields() throws {
    let p = try SourcePriority(parsing: "Apple Watch, iPhone, *")
    // A third-party app writing on the watch ranks as the watch.
    #expect(rank(p, "AutoSleep", device: F.watchDevice) == 0)
    #expect(rank(p, "Health", device: F.phoneDevice) == 1)
    let pointer = try SourcePriority(parsing: "0x283a1c1e0, Apple Inc., Watch6, *")
    #expect(rank(pointer, "AutoSleep", device: F.watchDevice) == 3)
    // A bare device description without fields counts as a name.
    #expect(rank(p, "Sleep app", device: "iPhone") == 1)
  }

  @Test("a |-joined Health Auto Export source list ranks as its best member")
  func joinedSources() throws {
    let p = SourcePriority.standard
    #expect(rank(p, "Jane’s iPhone|Jane’s Apple Watch") == 1)
    // Oura ranks above the phone in the default list (docs/clean.md, "Default priority").
    #expect(rank(p, "Oura|Jane’s iPhone") == 4)
    #expect(rank(p, "Sleep Cycle|Jane’s iPhone") == 7)
  }

  @Test("without '*', unlisted sources rank after every entry; with it, at its position")
  func unlisted() throws {
    let noStar = try SourcePriority(parsing: "Oura, Apple Watch")
    #expect(rank(noStar, "Withings") == 2)
    #expect(noStar.label(ofRank: 2) == "unlisted")
    let starFirst = try SourcePriority(parsing: "*, iPhone")
    // '*' matches everything, so it comes first: the phone gets rank 0 too.
    #expect(rank(starFirst, F.phone) == 0)
  }

  @Test("a custom list changes who wins: phone over watch")
  func customListChangesWinner() throws {
    var list = SampleList()
    list.add(.steps, start: F.ten, end: F.ten + 600, 100, "count")
    list.add(.steps, start: F.ten, end: F.ten + 600, 80, "count", source: F.phone)
    let result = try F.clean(list.samples, priority: SourcePriority(parsing: "iPhone, *"))
    #expect(result.sum(.steps) == 80)
    #expect(result.sources.map(\.name) == [F.phone, F.watch])
    #expect(result.sources.map(\.priority) == ["iPhone", "*"])
  }
}
