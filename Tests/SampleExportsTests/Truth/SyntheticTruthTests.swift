import Foundation
import TestSupport
import Testing

@testable import SampleExports

@Suite("Synthetic generator: the truth file")
struct SyntheticTruthTests {
  /// Truth rows as `[date: [metric.measure: value]]`.
  static func truth(_ run: SyntheticScratch) throws -> [String: [String: String]] {
    let text = try String(contentsOfFile: run.file("truth.csv"), encoding: .utf8)
    var result: [String: [String: String]] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      result[f[0], default: [:]][f[1] + "." + f[2]] = f[3]
    }
    return result
  }

  @Test(
    "an independent Python recount of export.xml agrees with the truth, day by day",
    .enabled(if: SyntheticTestSupport.hasPython))
  func recount() throws {
    for run in [SyntheticRuns.sample, SyntheticRuns.full, SyntheticRuns.march] {
      let r = try Python.run(
        SyntheticRecountScript.source, [run.file("export.xml"), run.file("truth.csv")])
      #expect(r.code == 0, "\(r.output)")
      #expect(r.output.contains("mismatches 0"), "\(r.output)")
      // It compared real numbers: many per day.
      let checked = Int(r.output.split(separator: " ").dropFirst().first ?? "0") ?? 0
      #expect(checked > 100, "\(r.output)")
    }
  }

  @Test("defects are there, with the counts the truth states (recounted above)")
  func defects() throws {
    let all = try Self.truth(SyntheticRuns.sample)["all"]!
    let duplicates = all.filter { $0.key.hasSuffix(".duplicates") }.values.compactMap(Double.init)
    let outOfRange = all.filter { $0.key.hasSuffix(".out_of_range") }.values.compactMap(Double.init)
    let future = all.filter { $0.key.hasSuffix(".future") }.values.compactMap(Double.init)
    // 150 days at 7 %, 5 % and 2.5 % a day: a handful of each (exact numbers are checked
    // against the file by the recount).
    #expect(duplicates.reduce(0, +) >= 3)
    #expect(outOfRange.reduce(0, +) >= 3)
    #expect(future.reduce(0, +) >= 1)
    #expect(Double(all["records.HKQuantityTypeIdentifierEnvironmentalAudioExposure"] ?? "0")! > 0)
  }

  @Test(
    "DST days have 25 and 23 hours, the trip +3 hours, in the truth and in the XML",
    .enabled(if: SyntheticTestSupport.hasPython))
  func clock() throws {
    let t = try Self.truth(SyntheticRuns.sample)
    #expect(t["2026-11-01"]?["day.hours"] == "25")
    #expect(t["2026-10-31"]?["day.hours"] == "24")
    // The trip (17-23 September): New York's -240 minutes become -60.
    #expect(t["2026-09-16"]?["day.utc_offset_minutes"] == "-240")
    for day in 17...23 {
      #expect(t["2026-09-\(day)"]?["day.utc_offset_minutes"] == "-60")
      #expect(t["2026-09-\(day)"]?["day.travel"] == "1")
    }
    #expect(t["2026-09-17"]?["day.hours"] == "21")
    let m = try Self.truth(SyntheticRuns.march)
    #expect(m["2026-03-08"]?["day.hours"] == "23")

    // In the file: records dated on the DST days span more or less than a day, and trip
    // records carry -0100 with the watch's sleep tagged Atlantic/Cape_Verde.
    let script = #"""
      import sys, re, calendar, collections
      span = collections.defaultdict(list); offsets = collections.defaultdict(set); zones = set()
      pending = None
      for line in open(sys.argv[1], encoding='utf-8'):
          m = re.search(r'startDate="(\d{4}-\d\d-\d\d) (\d\d):(\d\d):(\d\d) ([+-]\d\d)(\d\d)"', line)
          if m and line.startswith(' <Record'):
              d = m.group(1); h, mi, s = int(m.group(2)), int(m.group(3)), int(m.group(4))
              off = int(m.group(5)) * 3600 + (1 if m.group(5)[0] == '+' else -1) * int(m.group(6)) * 60
              y, mo, dd = map(int, d.split('-'))
              span[d].append(calendar.timegm((y, mo, dd, h, mi, s)) - off)
              offsets[d].add(m.group(5) + m.group(6))
              pending = d
          z = re.search(r'key="HKTimeZone" value="([^"]+)"', line)
          if z and pending == sys.argv[2]: zones.add(z.group(1))
      for d in sys.argv[3:]:
          print(d, (max(span[d]) - min(span[d])) / 3600, ' '.join(sorted(offsets[d])))
      print('zones', ' '.join(sorted(zones)))
      """#
    let r = try Python.run(
      script,
      [
        SyntheticRuns.sample.file("export.xml"), "2026-09-20", "2026-11-01", "2026-10-31",
        "2026-09-20",
      ])
    #expect(r.code == 0, "\(r.output)")
    let lines = r.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    // 1 November: the records of that local date reach past 24 hours of elapsed time, with
    // both offsets; 31 October stays under 24 hours with one.
    #expect(Double(lines[0][1])! > 24 && lines[0][2...] == ["-0400", "-0500"])
    #expect(Double(lines[1][1])! < 24 && lines[1][2...] == ["-0400"])
    #expect(lines[2][2...] == ["-0100"])
    #expect(lines[3] == ["zones", "Atlantic/Cape_Verde"])
    let spring = try Python.run(
      script, [SyntheticRuns.march.file("export.xml"), "none", "2026-03-08"])
    let s = spring.output.split(separator: "\n")[0].split(separator: " ").map(String.init)
    #expect(Double(s[1])! < 23 && s[2...] == ["-0400", "-0500"], "\(spring.output)")
  }

  @Test("steps: the phone fills the watch's charging gaps and nothing else")
  func arbitration() throws {
    let t = try Self.truth(SyntheticRuns.sample)
    var filled = 0
    for (_, day) in t where day["day.period"] == "apple" {
      guard let watch = day["steps.watch"].flatMap(Double.init),
        let expected = day["steps.expected"].flatMap(Double.init)
      else { continue }
      // The watch counts first; the phone only adds where the watch saw nothing.
      #expect(expected >= watch - 1e-6)
      if let phone = day["steps.phone"].flatMap(Double.init) {
        #expect(expected <= watch + phone + 1e-6)
      }
      if expected > watch + 1 { filled += 1 }
    }
    // The watch charges most days, so the phone fills in on many of them.
    #expect(filled > 20)
  }

  @Test("sleep: the ring counts only on nights the watch did not record")
  func sleepArbitration() throws {
    let t = try Self.truth(SyntheticRuns.sample)
    var ringNights = 0
    for (_, day) in t {
      guard let expected = day["sleep.asleep_expected"] else { continue }
      if let watch = day["sleep.asleep_watch"] {
        #expect(expected == watch)
      } else {
        #expect(expected == day["sleep.asleep_ring"])
        ringNights += 1
      }
    }
    // About one night in ten the watch charges overnight; the ring covers the last 90.
    #expect(ringNights >= 3)
  }
}
