/// One column of a vendor's CSV layout (docs/ingest-oura.md, ingest-whoop.md,
/// ingest-withings.md): the names it has in every language seen, and what healthpipe does
/// with it.
///
/// Columns are found by header name, never by position: vendors reorder their columns
/// between exports (Oura) and translate them (Withings, WHOOP). Names are compared after
/// `VendorHeaderText.normalised` (case, surrounding blanks, runs of spaces), so Oura's
/// `Total Bedtime ` with its trailing space is `total bedtime`.
struct VendorColumn: Sendable {
  /// What the reader does with the column's cells.
  enum Use: Sendable, Equatable {
    /// Read: every non-empty cell is a sample or a reject.
    case read
    /// Used by the reader to place other values (times, zones, flags): no record of its own.
    case key
    /// Known, but not read on purpose; the reason is listed in the manifest with the count
    /// of non-empty cells (a vendor's target, a value derived from other columns, free text).
    case notRead(String)
  }

  /// The names, any language, as a header writes them (compared normalised). For a column
  /// with `unitInHeader`, without the unit: `Weight` matches `Weight (lb)` and
  /// `Gewicht (kg)` when `Gewicht` is listed too.
  let names: [String]
  /// What the reader does with it.
  let use: Use
  /// Whether a file of this layout must have it: without it the file is refused with exit
  /// 65 naming the column (the vendor changed its layout).
  let required: Bool
  /// Whether the header ends with the unit in parentheses (`Weight (lb)`), which the reader
  /// takes as the values' unit.
  let unitInHeader: Bool

  /// A column.
  init(
    _ names: [String], _ use: Use = .read, required: Bool = false, unitInHeader: Bool = false
  ) {
    self.names = names
    self.use = use
    self.required = required
    self.unitInHeader = unitInHeader
  }

  /// A column known by one name.
  init(_ name: String, _ use: Use = .read, required: Bool = false, unitInHeader: Bool = false) {
    self.init([name], use, required: required, unitInHeader: unitInHeader)
  }
}

/// The columns of one file of a vendor's export, and how its files are told apart from
/// other layouts by their headers.
struct VendorLayout: Sendable {
  /// What the file is, for messages: `WHOOP physiological_cycles.csv`.
  let title: String
  /// The columns; readers refer to them by position in this list.
  let columns: [VendorColumn]
  /// How many of the layout's columns a header must have to be taken for this layout.
  let minimumMatches: Int
  /// The share of the header's cells that must be columns of this layout: a layout of
  /// generic names (Withings' `Date,"Weight (lb)"`) must not claim a file of another
  /// format that happens to have such columns among a hundred others (a Health Auto Export
  /// daily CSV has `Date` and `Height (cm)`).
  let minimumShare: Double
  /// How to get the file again (the vendor's export button).
  let hint: String
  /// Each normalised name of a column without a unit in its header, to the first such
  /// column that has it.
  private let plainColumns: [String: Int]
  /// Each normalised name of a column with a unit in its header, to the first such column.
  private let unitColumns: [String: Int]

  /// A layout.
  init(
    title: String, columns: [VendorColumn], minimumMatches: Int, minimumShare: Double = 0.5,
    hint: String
  ) {
    self.title = title
    self.columns = columns
    self.minimumMatches = minimumMatches
    self.minimumShare = minimumShare
    self.hint = hint
    let names = columns.map { $0.names.map(VendorHeaderText.normalised) }
    var byName: (plain: [String: Int], unit: [String: Int]) = ([:], [:])
    for (i, list) in names.enumerated() {
      for name in list {
        // The first column holding a name wins, as the scan of the columns in order did.
        if columns[i].unitInHeader {
          byName.unit[name] = byName.unit[name] ?? i
        } else {
          byName.plain[name] = byName.plain[name] ?? i
        }
      }
    }
    (plainColumns, unitColumns) = byName
  }

  /// The position of the column a header cell names, if any.
  func column(named header: String) -> Int? {
    column(for: VendorHeaderKey(header))
  }

  /// The position of the column a header cell's forms name: the first column whose names
  /// hold the cell's whole text (or, for a column with a unit in its header, the cell's
  /// text without its unit).
  func column(for key: VendorHeaderKey) -> Int? {
    let plain = plainColumns[key.whole]
    let unit = key.base.flatMap { unitColumns[$0] }
    guard let p = plain, let u = unit else { return plain ?? unit }
    return min(p, u)
  }

  /// Of several layouts, the one the header cells fit best: the most columns matched, at
  /// least the layout's minimum and its share of the header's cells; nil when none fits.
  static func best(of layouts: [VendorLayout], for headerCells: [String]) -> Int? {
    var best: (index: Int, score: Int)?
    // Each cell's forms made once for every layout compared.
    let keys = headerCells.map(VendorHeaderKey.init)
    for (i, layout) in layouts.enumerated() {
      let found = keys.map(layout.column(for:))
      let score = Set(found.compactMap { $0 }).count
      let known = found.count { $0 != nil }
      guard score >= layout.minimumMatches,
        Double(known) >= layout.minimumShare * Double(headerCells.count)
      else { continue }
      if best == nil || score > best!.score { best = (i, score) }
    }
    return best?.index
  }
}

/// The forms of a header cell that layouts compare (`VendorHeaderText`): its whole text
/// normalised, and, when it ends with a unit in parentheses, its name without the unit.
struct VendorHeaderKey: Sendable {
  /// The whole cell, normalised.
  let whole: String
  /// The cell without its `(unit)`, normalised; nil when it has none.
  let base: String?

  /// The forms of `header`.
  init(_ header: String) {
    whole = VendorHeaderText.normalised(header)
    base = VendorHeaderText.splitUnit(header).map { VendorHeaderText.normalised($0.name) }
  }
}
