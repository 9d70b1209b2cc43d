/// How the Apple export is laid out and which devices write into it, beyond its days and
/// density: the shapes `healthpipe-bench` measures (docs/performance.md, "Shapes"). The
/// default is the shape every other output has (records grouped by type, Apple's
/// indentation, the phone recording only the walks it is carried on), so their bytes never
/// change; `iPhoneAndWatch` is what an iPhone + Apple Watch user's export looks like.
public struct AppleShape: Sendable, Hashable, Codable {
  /// The order of the `Record` elements.
  public enum Order: String, Sendable, Hashable, Codable {
    /// Grouped by type, each type's records in time order (how most real exports list them).
    case byType
    /// All types interleaved in the order of their start (within a few hours: the records of
    /// each day are sorted together), as exports re-written by other tools and some iOS
    /// versions list them.
    case byTime
  }

  /// The whitespace at the start of each line.
  public enum Layout: String, Sendable, Hashable, Codable {
    /// Apple's: top-level elements one space in, their children two, beats three.
    case apple
    /// Every element at the start of its line, children included (as tools that re-write
    /// an export one element per line without indentation do).
    case unindented
  }

  /// The order of the records.
  public var order = Order.byType
  /// The indentation of the lines.
  public var layout = Layout.apple
  /// Both devices record movement all day, as an iPhone in a pocket beside an Apple Watch
  /// does: steps and walking distance (and the phone's active energy) for every few minutes
  /// with steps from waking to bedtime, not only for the walks (the default person's phone
  /// records only the walks it is carried on), so the phone's records overlap the watch's
  /// all day.
  public var allDayMovement = false
  /// Every heart-rate record of the watch carries `HKMetadataKeyHeartRateMotionContext`,
  /// workout readings included (value 2, active).
  public var motionOnEveryHeartRate = false
  /// A sleep app (`AutoSleep`) writes each night too: in bed and asleep, overlapping the
  /// watch's stages and the phone's in-bed time.
  public var sleepApp = false

  /// The default shape.
  public init() {}

  /// An iPhone + Apple Watch user's export in time order: movement all day, every
  /// heart-rate record with its motion context, a second sleep source.
  public static let iPhoneAndWatch: AppleShape = {
    var shape = AppleShape()
    shape.order = .byTime
    shape.allDayMovement = true
    shape.motionOnEveryHeartRate = true
    shape.sleepApp = true
    return shape
  }()

  /// Whether the records differ from the default shape's (the truth file does not model
  /// them).
  var changesRecords: Bool { allDayMovement || motionOnEveryHeartRate || sleepApp }

  /// A short name for folder names and tables: `standard`, or the options that differ,
  /// e.g. `bytime-allday-motion-sleepapp`.
  public var name: String {
    var parts: [String] = []
    if order == .byTime { parts.append("bytime") }
    if layout == .unindented { parts.append("flat") }
    if allDayMovement { parts.append("allday") }
    if motionOnEveryHeartRate { parts.append("motion") }
    if sleepApp { parts.append("sleepapp") }
    return parts.isEmpty ? "standard" : parts.joined(separator: "-")
  }
}
