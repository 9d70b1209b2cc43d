import HealthModel

/// A vendor file's header resolved against its layout: where each known column is, the
/// unit its header names, and the columns not read (with why), for the manifest.
struct VendorColumnMap: Sendable {
  /// The layout.
  let layout: VendorLayout
  /// Header index of each layout column (by layout position), or -1 when absent.
  let index: [Int]
  /// The unit of each `unitInHeader` column present (`lb`), by layout position.
  let unit: [String?]
  /// The header text of each layout column present (trimmed), by layout position: the
  /// record type its cells are counted under.
  let header: [String]
  /// Header cells read by no column: unknown columns, known columns not read on purpose,
  /// and a second column of the same name. With why, for the manifest.
  let notRead: [(index: Int, header: String, why: String)]
  /// How many fields a row must have.
  let fieldCount: Int

  /// Resolves `headerCells`; a required column that is missing is exit 65 at line 1, naming
  /// it: the vendor changed the layout, and guessing where the values went could read one
  /// quantity as another.
  init(layout: VendorLayout, headerCells: [String], path: String) throws {
    self.layout = layout
    var index = [Int](repeating: -1, count: layout.columns.count)
    var unit = [String?](repeating: nil, count: layout.columns.count)
    var header = [String](repeating: "", count: layout.columns.count)
    var notRead: [(Int, String, String)] = []
    for (i, cell) in headerCells.enumerated() {
      let shown = cell.trimmingASCIIBlanks()
      guard let c = layout.column(named: cell) else {
        let name = shown.isEmpty ? "(column \(i + 1), no name)" : shown
        notRead.append((i, name, "not a column healthpipe knows in \(layout.title)"))
        continue
      }
      guard index[c] < 0 else {
        // A column read twice: which one holds the data cannot be told (the one rule for
        // every reader, docs/reliability.md, "Duplicates and mixed shapes").
        if case .notRead = layout.columns[c].use {
          notRead.append((i, shown, "a second column of the same name"))
          continue
        }
        try RepeatedColumn.refuse(
          first: (index[c], header[c]), second: (i, shown), path: path)
      }
      index[c] = i
      header[c] = shown
      if layout.columns[c].unitInHeader { unit[c] = VendorHeaderText.splitUnit(cell)?.unit }
      if case .notRead(let why) = layout.columns[c].use { notRead.append((i, shown, why)) }
    }
    for (c, column) in layout.columns.enumerated() where column.required && index[c] < 0 {
      throw HealthError.malformed(
        "this looks like \(layout.title) but it has no '\(column.names[0])' column; "
          + "the vendor may have changed the export's layout",
        at: SourceLocation(file: path, line: 1),
        hint: "export the file again (\(layout.hint)); if the column was renamed, report the "
          + "new header so healthpipe can read it")
    }
    self.index = index
    self.unit = unit
    self.header = header
    self.notRead = notRead
    fieldCount = headerCells.count
  }

  /// Whether layout column `c` is in the file.
  func has(_ c: Int) -> Bool { index[c] >= 0 }
}
