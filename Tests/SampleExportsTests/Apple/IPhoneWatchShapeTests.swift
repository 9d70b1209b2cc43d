import Foundation
import SampleExports
import TestSupport
import Testing

/// The bench's iPhone + Apple Watch export (`AppleShape.iPhoneAndWatch`,
/// docs/performance.md "Shapes"): records in time order, a motion context on every watch
/// heart rate, the phone's movement all day beside the watch's, a sleep app. Checked in the
/// XML text (start tags, dates by the civil calendar's day count), independently of the
/// writer.
@Suite("iPhone + Apple Watch export shape")
struct IPhoneWatchShapeTests {
  static let watch = "sourceName=\"Sam\u{2019}s Apple\u{00A0}Watch\""
  static let phone = "sourceName=\"Sam\u{2019}s iPhone\""

  static func lines(_ shape: AppleShape, days: Int = 4) throws -> [Substring] {
    let folder = TemporaryDirectory("iphone-watch")
    var options = SyntheticOptions(days: days, seed: 11)
    options.appleShape = shape
    let files = try SyntheticExport.write(options, formats: [.appleXML], to: folder.path)
    let text = try String(contentsOfFile: files[0].path, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  static func shape(_ change: (inout AppleShape) -> Void) -> AppleShape {
    var s = AppleShape.iPhoneAndWatch
    change(&s)
    return s
  }

  /// Top-level record start tags (one space in, Apple's layout).
  static func records(_ lines: [Substring]) -> [Substring] {
    lines.filter { $0.hasPrefix(" <Record ") }
  }

  static func attribute(_ name: String, _ line: Substring) -> Substring? {
    guard let r = line.range(of: " \(name)=\"") else { return nil }
    let rest = line[r.upperBound...]
    return rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]
  }

  /// The instant of a date attribute (`yyyy-MM-dd HH:mm:ss ±hhmm`), in seconds since
  /// 1970, by the civil-calendar day count (no date library involved).
  static func instant(_ name: String, _ line: Substring) -> Double {
    let t = Array((attribute(name, line) ?? "").utf8)
    func n(_ from: Int, _ count: Int) -> Int {
      t[from..<(from + count)].reduce(0) { $0 * 10 + Int($1 - 48) }
    }
    let (m, d) = (n(5, 2), n(8, 2))
    let y = n(0, 4) - (m <= 2 ? 1 : 0)
    let era = y / 400
    let yoe = y - era * 400
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    let offset = (n(21, 2) * 60 + n(23, 2)) * 60 * (t[20] == 45 ? -1 : 1)
    return Double(days * 86_400 + n(11, 2) * 3600 + n(14, 2) * 60 + n(17, 2) - offset)
  }

  @Test("time order: the same records as grouped by type, in the order of their start")
  func timeOrder() throws {
    let byTime = try Self.lines(.iPhoneAndWatch)
    let byType = try Self.lines(Self.shape { $0.order = .byType })
    let timed = Self.records(byTime)
    #expect(timed.count > 3000)
    #expect(timed.sorted() == Self.records(byType).sorted())
    // Every record up to the export's date starts no earlier than the one before it; records
    // dated after the export (none in the grouped file's order) come last.
    let exported = Self.instant("value", try #require(byTime.first { $0.contains("<ExportDate ") }))
    let starts = timed.map { Self.instant("startDate", $0) }
    let before = starts.prefix { $0 <= exported }
    #expect(before.count > 3000)
    #expect(zip(before, before.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(starts.dropFirst(before.count).allSatisfy { $0 > exported })
    // The grouped file is not in time order (the test can tell the two apart).
    let grouped = Self.records(byType).map { Self.instant("startDate", $0) }
    #expect(!zip(grouped, grouped.dropFirst()).allSatisfy { $0 <= $1 })
  }

  /// Watch heart-rate records, each with whether it has the motion context among its
  /// children.
  static func heartRates(_ lines: [Substring]) -> [Bool] {
    var out: [Bool] = []
    for (i, line) in lines.enumerated()
    where line.hasPrefix(" <Record type=\"HKQuantityTypeIdentifierHeartRate\"")
      && line.contains(watch)
    {
      var j = i + 1
      var motion = false
      if !line.hasSuffix("/>") {
        while j < lines.count && lines[j] != " </Record>" {
          if lines[j].hasPrefix("  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\"") {
            motion = true
          }
          j += 1
        }
      }
      out.append(motion)
    }
    return out
  }

  @Test("every heart rate of the watch carries its motion context, workouts included")
  func motionOnEveryHeartRate() throws {
    let shaped = Self.heartRates(try Self.lines(.iPhoneAndWatch))
    #expect(shaped.count > 1000)
    #expect(shaped.allSatisfy { $0 })
    // The default person's workout readings have none: the option is what adds them.
    let plain = Self.heartRates(try Self.lines(AppleShape()))
    #expect(plain.count == shaped.count)
    #expect(plain.contains(false))
  }

  /// The spans of the step records of `source`.
  static func steps(_ lines: [Substring], _ source: String) -> [(Double, Double)] {
    records(lines).filter {
      $0.hasPrefix(" <Record type=\"HKQuantityTypeIdentifierStepCount\"") && $0.contains(source)
    }.map { (instant("startDate", $0), instant("endDate", $0)) }
  }

  @Test("the phone counts steps all day, overlapping the watch's records")
  func phoneAllDay() throws {
    let lines = try Self.lines(.iPhoneAndWatch)
    let phone = Self.steps(lines, Self.phone)
    let watch = Self.steps(lines, Self.watch)
    let plainPhone = Self.steps(try Self.lines(AppleShape()), Self.phone)
    // Pieces of 4-12 minutes from waking to bedtime, not only the walks: dozens a day,
    // about twice the default person's phone records.
    #expect(phone.count >= 4 * 40)
    #expect(phone.count >= 2 * plainPhone.count)
    // Nearly all overlap the watch's pieces; the others fall while the watch is off the
    // wrist (charging), when only the phone counts.
    let overlapping = phone.filter { p in watch.contains { $0.0 < p.1 && p.0 < $0.1 } }
    #expect(Double(overlapping.count) >= 0.8 * Double(phone.count))
    // Spread over the day: the phone's pieces start in at least 12 different hours.
    let hours = Set(phone.map { Int($0.0 / 3600) % 24 })
    #expect(hours.count >= 12)
  }

  @Test("a sleep app writes each night beside the watch")
  func sleepApp() throws {
    let app = "sourceName=\"AutoSleep\""
    let lines = try Self.lines(.iPhoneAndWatch)
    let sleep = Self.records(lines).filter {
      $0.hasPrefix(" <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\"")
    }
    let nights = sleep.filter { $0.contains(app) }
    #expect(nights.count >= 3 * 2)  // in bed and asleep, at least three nights of four days
    let watchNights = sleep.filter { $0.contains(Self.watch) }
    for night in nights {
      let (s, e) = (Self.instant("startDate", night), Self.instant("endDate", night))
      #expect(
        watchNights.contains {
          Self.instant("startDate", $0) < e && s < Self.instant("endDate", $0)
        })
    }
    #expect(!Self.records(try Self.lines(AppleShape())).contains { $0.contains(app) })
  }

  @Test("unindented: the same text with the spaces at the start of every line removed")
  func unindented() throws {
    let flat = try Self.lines(Self.shape { $0.layout = .unindented })
    let indented = try Self.lines(.iPhoneAndWatch)
    #expect(flat.count == indented.count)
    #expect(flat.filter { $0.hasPrefix(" ") }.isEmpty)
    let stripped = indented.map { $0.drop { $0 == " " } }
    #expect(flat.elementsEqual(stripped))
  }
}
