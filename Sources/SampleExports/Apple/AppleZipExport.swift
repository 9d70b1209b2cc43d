import HealthSystem

/// Writes `export.zip` as the phone does: `apple_health_export/export.xml` streamed through
/// deflate with a data descriptor. Optionally `__MACOSX/` AppleDouble companions, as a zip
/// re-made on a Mac has. A phone's zip also holds a CDA document and workout routes, which
/// no reader reads; the generator leaves them out (the readers are tested on zips with them
/// made in the tests and in `Tests/Corpus/zip/`).
struct AppleZipExport {
  let timeline: SyntheticTimeline

  /// Writes the zip to `sink`; returns the XML writer's counts and the total size.
  func write(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> (
    counts: [String: Int], bytes: Int64
  ) {
    let options = timeline.options
    let zip = ZipWriter(
      options: ZipWriter.Options(forceZip64: options.forceZip64, level: options.compressionLevel),
      sink: sink)
    let calendar = timeline.calendar
    let stamp = ZipTimestamp(
      epochSeconds: calendar.exportEpoch, utcOffset: calendar.zones.offset(at: calendar.exportEpoch)
    )
    let folder = "apple_health_export/"
    func companion(_ path: String) throws {
      guard options.macOSMetadata else { return }
      try zip.addEntry(
        ZipWriter.appleDoublePath(for: path), data: ZipWriter.appleDouble(), modified: stamp)
    }

    let xmlPath = folder + options.xmlEntryName
    let perDay: Int64 = options.density == .full ? 420_000 : 24_000
    try zip.beginEntry(xmlPath, modified: stamp, expectedSize: perDay * Int64(options.days))
    // Generate the XML on a second thread while this one deflates.
    let box = XMLWriterBox(timeline: timeline)
    try Self.produceInBackground({ out in try box.write(out) }, consume: { try zip.write($0) })
    let xml = box.writer!
    try zip.endEntry()
    try companion(xmlPath)

    let total = try zip.finish()
    return (xml.counts, total)
  }
}

extension AppleZipExport {
  /// Runs `produce` on a second thread, writing through the `ByteWriter` it is given, and
  /// hands its 1 MB chunks in order to `consume` on this thread: export.xml is generated
  /// while the previous megabyte is deflated, so both cores work. At most four chunks wait
  /// in between (`BoundedHandoff`), so memory stays bounded. A producer error is thrown
  /// after the chunks before it were consumed; a consumer error stops the producer.
  static func produceInBackground(
    _ produce: @escaping @Sendable (ByteWriter) throws -> Void,
    consume: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let handoff = BoundedHandoff<[UInt8]>(capacity: 4)
    let failure = ProducerFailure()
    let producer = BackgroundThread(name: "healthpipe.sample-xml", stackSize: 8 << 20) {
      let out = ByteWriter { chunk in
        guard handoff.put(Array(chunk)) else { throw CancellationError() }
      }
      do {
        try produce(out)
        try out.flush()
      } catch {
        failure.error = error
      }
      handoff.close()
    }
    do {
      while let chunk = handoff.take() { try chunk.withUnsafeBytes { try consume($0) } }
    } catch {
      handoff.close()
      producer.join()
      throw error
    }
    producer.join()
    if let error = failure.error { throw error }
  }
}

/// The producer's error, set on its thread before it closes the hand-off and read after it
/// was joined.
private final class ProducerFailure: @unchecked Sendable {
  var error: (any Error)?
}

/// Carries the XML writer across the producer thread; read only after it was joined.
final class XMLWriterBox: @unchecked Sendable {
  let timeline: SyntheticTimeline
  var writer: AppleXMLWriter?

  init(timeline: SyntheticTimeline) { self.timeline = timeline }

  func write(_ out: ByteWriter) throws {
    let xml = AppleXMLWriter(timeline: timeline, out: out)
    try xml.write()
    writer = xml
  }
}
