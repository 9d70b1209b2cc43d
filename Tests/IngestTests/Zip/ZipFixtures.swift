import Foundation
import HealthModel
import HealthSystem
import Ingest
import TestSupport

/// Builds zip variants of a folder with python3's zipfile module (and Info-ZIP's `zip` for
/// zip64), in a temporary folder, and reads them with `AppleZipReader`.
enum ZipFixtures {
  /// python3 script: `OUT VARIANT SRC` writes SRC's files into OUT as VARIANT says.
  static let builder = #"""
    import sys, os, io, zipfile
    out, variant, src = sys.argv[1:4]
    files = []
    for root, dirs, fs in os.walk(src):
        dirs.sort()
        for f in sorted(fs):
            full = os.path.join(root, f)
            files.append((full, os.path.relpath(full, src)))
    class Unseekable(io.RawIOBase):
        def __init__(s, f): s.f = f
        def writable(s): return True
        def write(s, b): return s.f.write(b)
        def tell(s): raise io.UnsupportedOperation()
        def seekable(s): return False
    with open(out, 'wb') as raw:
        target = Unseekable(raw) if variant == 'descriptor' else raw
        with zipfile.ZipFile(target, 'w') as z:
            if variant == 'macosx':
                z.writestr('__MACOSX/apple_health_export/._export.xml',
                           '<HealthData><Record type="Bogus"/></HealthData>')
                z.writestr('__MACOSX/._apple_health_export', b'\x00\x05\x16\x07')
            if variant == 'cda':
                z.writestr('apple_health_export/export_cda.xml',
                           '<?xml version="1.0"?><ClinicalDocument><HealthData/></ClinicalDocument>')
            if variant == 'bomb':
                z.writestr('apple_health_export/export.xml',
                           b'<HealthData>' + b' ' * (70 << 20) + b'</HealthData>',
                           compress_type=zipfile.ZIP_DEFLATED)
                sys.exit(0)
            for full, name in files:
                if variant == 'localised' and name.endswith('export.xml'):
                    name = name.replace('export.xml', 'eksport.xml')
                if variant == 'noxml' and name.endswith('.xml'):
                    continue
                method = zipfile.ZIP_DEFLATED
                if variant == 'stored' or (variant == 'mixed' and name.endswith('.xml')):
                    method = zipfile.ZIP_STORED
                if variant == 'bzip2' and name.endswith('.xml'):
                    method = zipfile.ZIP_BZIP2
                z.write(full, name, compress_type=method)
            if variant == 'comment':
                # An archive comment holding a fake end-record signature.
                z.comment = b'exported by a tool PK\x05\x06 ' + b'c' * 2000
    """#

  /// `../shared/data/real/apple-dogsheep/zip_contents`.
  static var contents: String { RealData.path("apple-dogsheep/zip_contents") }

  /// Writes the variant into `folder` and returns its path.
  static func make(_ variant: String, in folder: TemporaryDirectory) throws -> String {
    let out = folder.file("\(variant).zip")
    if variant == "zip64" {
      // Info-ZIP's -fz forces zip64: a zip64 end record and locator, and 0xFFFFFFFF sizes
      // in the central directory with the real ones in zip64 extra fields.
      let zip = try ProcessRunner.run(
        "zip", ["-q", "-r", "-fz", out, "apple_health_export"], in: contents)
      precondition(zip.code == 0, "zip -fz failed: \(zip.stderr)")
      return out
    }
    let built = try Python.succeeds(builder, [out, variant, contents])
    precondition(built, "building \(variant) failed")
    return out
  }

  /// Reads a zip with `AppleZipReader`.
  static func read(_ path: String) throws -> ParsedExport {
    var samples: [Sample] = []
    var rejects: [Reject] = []
    let sink = IngestSink(
      inputIndex: 0, path: path, onSample: { samples.append($0) }, onReject: { rejects.append($0) })
    try AppleZipReader().read(
      path: path, into: sink, options: ReaderOptions(), progress: .silent)
    return ParsedExport(sink, samples: samples, rejects: rejects)
  }

  /// The error reading a zip throws.
  static func error(_ path: String) -> HealthError? { healthError { _ = try read(path) } }

  /// Patches the central-directory entry whose name ends with `suffix`: `body` gets the
  /// file bytes and the offset of that entry's signature.
  static func patchCentralEntry(
    _ path: String, endingWith suffix: String, _ body: (inout [UInt8], Int) -> Void
  ) throws {
    var bytes = try FileReader.readAll(path)
    var i = bytes.count - 46
    while i >= 0 {
      if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x01, bytes[i + 3] == 0x02 {
        let nameLength = Int(bytes[i + 28]) | Int(bytes[i + 29]) << 8
        let name = String(decoding: bytes[(i + 46)..<(i + 46 + nameLength)], as: UTF8.self)
        if name.hasSuffix(suffix) {
          body(&bytes, i)
          try Data(bytes).write(to: URL(fileURLWithPath: path))
          return
        }
      }
      i -= 1
    }
    preconditionFailure("no central entry ending with \(suffix)")
  }
}
