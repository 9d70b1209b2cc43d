/// How habits are told apart: by a key made from the name, so `Drink water` in a Loop
/// export, `drink water` in a journal and `[habit.drink_water]` in a pipeline file are one
/// habit (docs/habits.md, "Names").
public enum HabitName {
  /// The key of `name`: lower-cased, every run of characters other than letters and digits
  /// made one `_`, none at either end (`Read, write / draw` → `read_write_draw`). Letters
  /// of any script stay (`Méditer` → `méditer`); a name with no letter or digit has the key
  /// `habit`.
  public static func key(_ name: String) -> String {
    var key = ""
    var gap = false
    for ch in name.lowercased() {
      if ch.isLetter || ch.isNumber {
        if gap && !key.isEmpty { key.append("_") }
        key.append(ch)
        gap = false
      } else {
        gap = true
      }
    }
    return key.isEmpty ? "habit" : key
  }

  /// A name for people made from a key (`drink_water` → `Drink water`).
  public static func title(ofKey key: String) -> String {
    let spaced = key.replacingAll("_", with: " ")
    guard let first = spaced.first else { return spaced }
    return first.uppercased() + spaced.dropFirst()
  }
}
