import Foundation

/// The per-habit folders of a Loop export (`001 Meditate/Checkmarks.csv`), by number.
struct LoopFolders {
  /// One copy of a folder's `Checkmarks.csv` (a damaged or hand-made zip may hold two).
  struct Copy {
    /// The folder's number (its leading digits).
    var number: Int
    /// The folder's name (`001 Meditate`).
    var folder: String
    /// The file's name within the export (`001 Meditate/Checkmarks.csv`).
    var name: String
    /// Its rows.
    var csv: LoopCSV
  }

  /// Copies by folder number, in the export's order.
  var byNumber: [Int: [Copy]] = [:]
  /// The numbers, ascending.
  var numbers: [Int] { byNumber.keys.sorted() }
  /// Files not read (scores, the wide checkmarks, anything else).
  var skipped: [String] = []

  /// Reads every per-habit `Checkmarks.csv` of `files`.
  init(files: LoopExportFiles) throws {
    for name in files.names where name != "Habits.csv" {
      let parts = name.split(separator: "/", omittingEmptySubsequences: false)
      let digits = parts.first.map { $0.prefix { $0.isASCII && $0.isNumber } } ?? ""
      guard parts.count == 2, parts[1] == "Checkmarks.csv", !digits.isEmpty,
        digits.count <= 6, let number = Int(digits), number > 0
      else {
        skipped.append(name)
        continue
      }
      for copy in 0..<files.copies(of: name) {
        let csv = try LoopCSV(files.bytes(name, copy: copy), name: files.path + ":" + name)
        byNumber[number, default: []].append(
          Copy(number: number, folder: String(parts[0]), name: name, csv: csv))
      }
    }
  }

  /// The folder name Loop gives habit `number` named `name`: `%03d` and the name with
  /// every character outside `[ a-zA-Z0-9._-]` deleted, cut to 100 characters, trimmed.
  static func folderName(number: Int, name: String) -> String {
    let sane = String(
      name.unicodeScalars.filter {
        $0.isASCII
          && ($0 == " " || $0 == "." || $0 == "_" || $0 == "-"
            || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0))
      }.map(Character.init)
    ).prefix(100)
    let padded = number < 1000 ? String(("00" + String(number)).suffix(3)) : String(number)
    return (padded + " " + sane).trimmingCharacters(in: .whitespaces)
  }

  /// Whether `record` is the `Date,Value,Notes` header of a 2.3.1 file.
  static func isHeader(_ record: LoopCSV.Record) -> Bool {
    record.line == 1 && record.fields.first?.lowercased() == "date"
  }
}
