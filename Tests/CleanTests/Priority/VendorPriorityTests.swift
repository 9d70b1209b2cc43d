import Clean
import Testing

/// Vendor names in the priority list (docs/clean.md, "Vendor names"): a vendor's name
/// matches its own export's source and the names its app writes into Apple Health.
@Suite("Source priority: vendor names")
struct VendorPriorityTests {
  func rank(_ p: SourcePriority, _ source: String, device: String = "") -> Int {
    p.rank(source: source, device: device, userEntered: false, sourceKind: .unknown)
  }

  @Test("Withings matches Health Mate and Nokia Health; Garmin matches Connect alone")
  func aliases() throws {
    let p = try SourcePriority(parsing: "withings, Garmin, *")
    #expect(rank(p, "Withings") == 0)
    #expect(rank(p, "Withings tracker") == 0)
    #expect(rank(p, "Health Mate") == 0)
    #expect(rank(p, "Nokia Health Mate") == 0)
    #expect(rank(p, "Garmin fēnix 5") == 1)
    #expect(rank(p, "Connect") == 1)
    // `connect` only as the whole name: OMRON's app and Health Connect are not Garmin's.
    #expect(rank(p, "OMRON connect") == 2)
    #expect(rank(p, "Health Connect") == 2)
    // Through the device description too.
    #expect(
      rank(p, "Health", device: "<<HKDevice: 0x1>, name:Body+, manufacturer:Withings, model:Body+>")
        == 2)
    #expect(rank(p, "Health", device: "<<HKDevice: 0x1>, name:Health Mate, model:WBS05>") == 0)
  }

  @Test("the same night's vendors rank as the list says, the first entry winning")
  func vendorOrder() throws {
    let p = try SourcePriority(parsing: "manual, WHOOP, Oura, Withings, *")
    #expect(rank(p, "WHOOP") == 1 && rank(p, "Oura") == 2 && rank(p, "Withings") == 3)
    #expect(p.label(ofRank: 1) == "WHOOP")
  }
}
