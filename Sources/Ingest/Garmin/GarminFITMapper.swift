import HealthModel

/// Turns the messages of FIT files into samples (docs/ingest-garmin.md, "FIT files"):
/// activities into workouts and their heart-rate readings, monitoring (wellness) files into
/// steps, heart rate, resting heart rate and Garmin's stress score, sleep levels into sleep
/// stages, `hrv_value` into RMSSD, `weight_scale` into body measurements.
///
/// Samples wait until their file ends: an activity's local time comes in its last message
/// (`activity.local_timestamp`), a monitoring file's in `monitoring_info`; the offset found
/// (local time − UTC) is every sample's, and without one the instants are placed in the
/// assumed zone (`InstantTimeZone`). Monitoring steps are cumulative counts; they wait for
/// the whole input (`finish()`), so a day split over several files of one export counts once.
/// Every data message is a sample, a reject with its reason, or counted in the extras as
/// not kept (`fit.notKept.<message>`).
///
/// Its state skips the runtime exclusivity check (one reader drives it, one message at a
/// time): the checks showed in the profile of a chain of monitoring files.
final class GarminFITMapper: FITMessageHandler {
  let sink: IngestSink
  @exclusivity(unchecked) var zone: InstantTimeZone
  /// Added to each message's position to make the origin's record number (entries of an
  /// archive follow each other).
  @exclusivity(unchecked) var recordBase: Int64 = 0
  /// The archive entry being read, for reasons (nil for a bare file).
  var entryName: String?

  // Per file.
  @exclusivity(unchecked) var fileType: UInt64?
  var device = GarminDevice() {
    didSet {
      sourceName = device.sourceName
      deviceText = device.description
      stepDevice = nil
    }
  }
  /// `device`'s source name and description, made once per file, not per sample.
  var sourceName = GarminDevice().sourceName
  var deviceText = GarminDevice().description
  @exclusivity(unchecked) var fileOffset: Int32?
  /// Whether the assumed zone had `fileOffset` at the file's local-time message.
  @exclusivity(unchecked) var fileOffsetAgreesWithZone = false
  @exclusivity(unchecked) var pending: [GarminHeldSample] = []
  /// The series of `pending`'s readings.
  let heldSeries = GarminHeldSeriesTable()
  @exclusivity(unchecked) var sessions = 0
  @exclusivity(unchecked) var laps: [GarminLap] = []
  @exclusivity(unchecked) var sleepLevels: [GarminSleepLevel] = []
  @exclusivity(unchecked) var fileSteps: [GarminStepReading] = []

  /// Monitoring step readings of the whole input, offsets resolved.
  @exclusivity(unchecked) var steps = GarminMonitoringSteps()
  /// This file's entry in `steps`' table of devices, once it has a step reading.
  @exclusivity(unchecked) var stepDevice: Int32?
  /// Messages not kept, by `NotKeptKey`, added to the extras by `finish()` (a name made
  /// and hashed per message cost more than reading it).
  @exclusivity(unchecked) var notKeptCounts: [UInt32: Int64] = [:]

  // The types of millions of readings, counted without hashing their names.
  lazy var recordHeartRate = sink.counter(for: "record.heart_rate")
  lazy var monitoringHeartRate = sink.counter(for: "monitoring.heart_rate")
  lazy var stressLevel = sink.counter(for: "stress_level")

  init(sink: IngestSink, zone: InstantTimeZone) {
    self.sink = sink
    self.zone = zone
  }

  // MARK: - FITMessageHandler

  func beginFile(_ header: FITFileHeader, at offset: Int64) throws {
    fileType = nil
    device = GarminDevice()
    fileOffset = nil
    fileOffsetAgreesWithZone = false
    pending.removeAll(keepingCapacity: true)
    heldSeries.removeAll()
    sessions = 0
    laps.removeAll()
    sleepLevels.removeAll()
    fileSteps.removeAll()
    sink.extra["fit.files", default: 0] += 1
  }

  func message(_ m: FITMessage, decoder: FITDecoder) throws {
    switch m.globalNumber {
    case GarminFIT.Message.fileID: readFileID(m)
    case GarminFIT.Message.activity: readActivity(m)
    case GarminFIT.Message.session: try readSession(m)
    case GarminFIT.Message.lap: readLap(m)
    case GarminFIT.Message.record: try readRecord(m)
    case GarminFIT.Message.hrv: readRRIntervals(m)
    case GarminFIT.Message.monitoringInfo: readMonitoringInfo(m)
    case GarminFIT.Message.monitoring: try readMonitoring(m, decoder: decoder)
    case GarminFIT.Message.monitoringHeartRate: try readRestingHeartRate(m)
    case GarminFIT.Message.stressLevel: try readStress(m)
    case GarminFIT.Message.spo2: try readSpO2(m)
    case GarminFIT.Message.respirationRate: try readRespiration(m)
    case GarminFIT.Message.hrvValue: try readHRVValue(m)
    case GarminFIT.Message.sleepLevel: try readSleepLevel(m)
    case GarminFIT.Message.weightScale: try readWeight(m)
    default: notKept(m.globalNumber)
    }
  }

  func endFile() throws {
    if sessions == 0 && !laps.isEmpty {
      try workoutFromLaps()
    } else if !laps.isEmpty {
      sink.extra["fit.notKept.lap", default: 0] += Int64(laps.count)
    }
    try flushSleepLevels()
    try keepPending()
    pending.removeAll(keepingCapacity: true)
    heldSeries.removeAll()
    for var reading in fileSteps {
      reading.utcOffset = offset(at: reading.epoch)
      steps.add(reading)
    }
    fileSteps.removeAll(keepingCapacity: true)
  }

  /// Emits the monitoring steps of the whole input and the counts of messages not kept;
  /// call once after the last file.
  func finish() throws {
    try steps.emit(into: sink)
    for (key, n) in notKeptCounts {
      let global = UInt16(key >> 8)
      let name = Self.messageNames[global] ?? "message \(global)"
      let why = NotKeptReason(rawValue: UInt8(key & 0xFF)).map { ".\($0)" } ?? ""
      sink.extra["fit.notKept.\(name)\(why)", default: 0] += n
    }
    notKeptCounts.removeAll()
  }

  // MARK: - Shared

  /// The offset of `epoch`: the file's own (where the wearer was), except that when the
  /// assumed zone had that same offset at the file's local-time message, the zone's offset
  /// at `epoch` is taken, so a DST change inside the file moves its later readings with it
  /// (docs/ingest-garmin.md, "Time zones"). A file without a local time: the assumed zone.
  func offset(at epoch: Int64) -> Int32 {
    if let fileOffset {
      guard fileOffsetAgreesWithZone else { return fileOffset }
      return zone.offset(atEpoch: epoch)
    }
    return zone.offset(atEpoch: epoch, sink: sink, what: "FIT times of files without a local time")
  }

  /// A sample of this file's device, its offset settled when the file ends.
  func hold(
    _ metric: MetricID, type: String, start: Int64, end: Int64? = nil, value: Double,
    unit: String, category: String = "", minimum: Double? = nil, maximum: Double? = nil,
    hrv: HRVKind = .none, record: Int64
  ) {
    hold(
      metric, counter: sink.counter(for: type), start: start, end: end, value: value,
      unit: unit, category: category, minimum: minimum, maximum: maximum, hrv: hrv,
      record: record)
  }

  /// `hold` with the type's counter taken beforehand (readings by the million).
  @inline(__always)
  func hold(
    _ metric: MetricID, counter: TypeCounter, start: Int64, end: Int64? = nil, value: Double,
    unit: String, category: String = "", minimum: Double? = nil, maximum: Double? = nil,
    hrv: HRVKind = .none, record: Int64
  ) {
    pending.append(
      GarminHeldSample(
        series: heldSeries.index(metric: metric, unit: unit, category: category, hrv: hrv),
        counter: counter, start: start, end: end ?? start, value: value, minimum: minimum,
        maximum: maximum, record: record))
  }

  /// A reject of a message (read and rejected at once).
  func reject(
    type: String, _ code: RejectCode, _ reason: String, metric: MetricID, record: Int64,
    value: String = ""
  ) throws {
    sink.read(type: type)
    let place = entryName.map { " (\($0))" } ?? ""
    try sink.reject(
      type: type, code: code, reason: reason + " (FIT message \(record)\(place))",
      metric: metric.rawValue, value: value, source: sourceName,
      record: recordBase + record)
  }

  /// Why a message is not kept (the last part of its `fit.notKept.<message>.<why>` count).
  enum NotKeptReason: UInt8, CustomStringConvertible {
    case incomplete = 1
    case withoutHeartRate, noValue, noReading, lastWithoutEnd, empty
    case unmeasurable, other

    var description: String {
      switch self {
      case .incomplete: "incomplete"
      case .withoutHeartRate: "withoutHeartRate"
      case .noValue: "noValue"
      case .noReading: "noReading"
      case .lastWithoutEnd: "lastWithoutEnd"
      case .empty: "empty"
      case .unmeasurable: "unmeasurable"
      case .other: "other"
      }
    }
  }

  /// Counts a message healthpipe does not keep (named in the extras by `finish()`).
  func notKept(_ global: UInt16, _ why: NotKeptReason? = nil) {
    notKeptCounts[UInt32(global) << 8 | UInt32(why?.rawValue ?? 0), default: 0] += 1
  }

  /// Epoch seconds of a FIT `date_time`, nil for device-relative times (below 0x10000000).
  static func epoch(_ value: UInt64) -> Int64? {
    guard value >= GarminFIT.minimumDateTime else { return nil }
    return Int64(value) + GarminFIT.epochOffset
  }

  /// Names of the messages counted by name in the extras.
  static let messageNames: [UInt16: String] = [
    0: "file_id", 2: "device_settings", 3: "user_profile", 7: "zones_target", 12: "sport",
    13: "training_settings", 18: "session", 19: "lap", 20: "record", 21: "event",
    23: "device_info", 26: "workout", 30: "weight_scale", 34: "activity", 49: "file_creator",
    55: "monitoring", 78: "hrv", 103: "monitoring_info", 132: "hr", 206: "field_description",
    207: "developer_data_id", 211: "monitoring_hr_data", 216: "time_in_zone",
    227: "stress_level", 269: "spo2_data", 275: "sleep_level", 297: "respiration_rate",
    346: "sleep_assessment", 370: "hrv_status_summary", 371: "hrv_value",
  ]
}

/// The device that wrote a FIT file, from its `file_id`.
struct GarminDevice {
  var manufacturer: UInt64?
  var product: UInt64?
  var serial: UInt64?
  var productName: String?
  var worn = false

  /// `Garmin (product 2697)`, or the file's own product name.
  var sourceName: String {
    let maker = GarminNames.manufacturer(manufacturer)
    if let productName, !productName.isEmpty { return "\(maker) \(productName)" }
    if let product { return "\(maker) (product \(product))" }
    return maker
  }

  /// `name:Garmin, model:product 2697, serial:3907354759`.
  var description: String {
    var parts = ["name:\(GarminNames.manufacturer(manufacturer))"]
    if let productName {
      parts.append("model:\(productName)")
    } else if let product {
      parts.append("model:product \(product)")
    }
    if let serial { parts.append("serial:\(serial)") }
    return parts.joined(separator: ", ")
  }

  /// A device worn all day (monitoring files) is a watch; an activity's recorder may be a
  /// bike computer.
  var kind: SourceKind { worn ? .watch : .unknown }
}
