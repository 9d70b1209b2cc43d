/// Writes `export.zip` as the phone does: everything under `apple_health_export/` — the
/// CDA document first (so a reader must find the health XML by content, not by order), the
/// `export.xml` streamed through deflate with a data descriptor, then one GPX file per
/// workout route. Optionally `__MACOSX/` AppleDouble companions, as a zip re-made on a Mac
/// has.
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

    try zip.addEntry(
      folder + "export_cda.xml", data: CDADocument(timeline: timeline).bytes(), modified: stamp)
    try companion(folder + "export_cda.xml")

    let xmlPath = folder + options.xmlEntryName
    let perDay: Int64 = options.density == .full ? 420_000 : 24_000
    try zip.beginEntry(xmlPath, modified: stamp, expectedSize: perDay * Int64(options.days))
    // Generate the XML on a second thread while this one deflates.
    let box = XMLWriterBox(timeline: timeline)
    try ChunkPipe.run(
      produce: { out in try box.write(out) },
      consume: { try zip.write($0) })
    let xml = box.writer!
    try zip.endEntry()
    try companion(xmlPath)

    let gpx = GPXWriter(timeline: timeline)
    for route in xml.routes {
      try zip.addEntry(folder + route.path, data: gpx.bytes(route), modified: stamp)
    }
    let total = try zip.finish()
    return (xml.counts, total)
  }
}

/// Carries the XML writer across the producer thread; read only after the pipe is done.
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
