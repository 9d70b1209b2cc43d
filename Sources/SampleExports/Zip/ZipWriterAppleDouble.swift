extension ZipWriter {
  /// The bytes of an AppleDouble file (`._name` under `__MACOSX/`), as the Finder's "Compress"
  /// adds for files with extended attributes: the version 2 header, then an empty Finder
  /// info entry and an empty resource fork.
  public static func appleDouble() -> [UInt8] {
    var b: [UInt8] = [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]
    b += Array("Mac OS X        ".utf8)  // 16-byte filler
    b += [0x00, 0x02]  // two entries
    // Finder info: id 9, offset 50, length 32.
    b += [0, 0, 0, 9, 0, 0, 0, 50, 0, 0, 0, 32]
    // Resource fork: id 2, offset 82, length 0.
    b += [0, 0, 0, 2, 0, 0, 0, 82, 0, 0, 0, 0]
    b += [UInt8](repeating: 0, count: 32)
    return b
  }

  /// The `__MACOSX/` path of a file's AppleDouble companion
  /// (`a/b/export.xml` → `__MACOSX/a/b/._export.xml`).
  public static func appleDoublePath(for path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "__MACOSX/._" + path }
    return "__MACOSX/" + path[...slash] + "._" + path[path.index(after: slash)...]
  }
}
