import HealthSystem

/// Tells a vendor's export zip from an Apple Health `export.zip` by what its entries hold
/// (`VendorEntryKind`): a zip with FIT files or Garmin Connect JSON is a Garmin export, one
/// with Fitbit JSON or CSV a Fitbit Takeout; any other zip stays an Apple export (whose
/// reader then says what it did not find). An entry named `.xml` whose first bytes are
/// Apple's `<HealthData` ends the look at once: an Apple export holds no vendor files.
enum VendorZipDetection {
  /// The vendor format of the zip at `path`, nil when it is not a vendor export.
  static func format(ofZipAt path: String) throws -> InputFormat? {
    let zip = try ZipReader(path: path)
    var fitbit = false
    for entry in zip.entries where !VendorArchive.isSkipped(entry) {
      let head = try ZipEntryByteSource.head(
        of: entry, in: zip, count: VendorArchive.headBytes)
      if entry.fileName.lowercased().hasSuffix(".xml") {
        let text = String(decoding: head.prefix(4096), as: UTF8.self)
        if text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData") { return nil }
      }
      switch VendorEntryKind.detect(head) {
      case .fit, .garminJSON: return .garminExport
      case .fitbitJSON, .fitbitCSV: fitbit = true
      case .zip:
        if try nestedHoldsFIT(zip, entry) { return .garminExport }
      case nil: break
      }
    }
    return fitbit ? .fitbitTakeout : nil
  }

  /// Whether a zip inside starts with a FIT file (Garmin's uploaded-files zip): the local
  /// header of its first entry is read from the inflated head, without extracting it.
  private static func nestedHoldsFIT(_ zip: ZipReader, _ entry: ZipEntry) throws -> Bool {
    let head = try ZipEntryByteSource.head(of: entry, in: zip, count: 4096)
    guard head.count >= 30 else { return false }
    let method = Int(head[8]) | Int(head[9]) << 8
    let nameLength = Int(head[26]) | Int(head[27]) << 8
    let extraLength = Int(head[28]) | Int(head[29]) << 8
    let dataStart = 30 + nameLength + extraLength
    guard head.count >= dataStart + 12 else { return false }
    if method == 8 {
      // Deflated: inflate the member's first bytes from what the head holds.
      let inflater = try Inflater(.raw, outputChunkSize: 64)
      var out: [UInt8] = []
      _ = try? Array(head[dataStart...]).withUnsafeBytes { raw in
        try inflater.inflate(raw, maxOutput: 64) { out.append(contentsOf: $0) }
      }
      return FITFileHeader.matches(prefix: out)
    }
    return FITFileHeader.matches(prefix: head[dataStart...])
  }
}
