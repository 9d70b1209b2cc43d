/// Plain words for the notes the aggregate writes beside a missing score (docs/report.md,
/// "A first week"): `calibrating 4/7` becomes the day the score arrives, as the calibration
/// note says it, so the page gives one date for one thing.
enum HeroWords {
  /// The hero with its notes in plain words.
  static func translate(_ hero: Hero, calibration: Calibration?, year: Int) -> Hero {
    var h = hero
    for i in h.parts.indices where h.parts[i].score == nil {
      h.parts[i].note = note(
        h.parts[i].note, part: h.parts[i].name, calibration: calibration, year: year)
    }
    if h.wellness == nil {
      h.wellnessNote = note(h.wellnessNote, part: "Wellness", calibration: calibration, year: year)
    }
    return h
  }

  /// A note in plain words: `calibrating n/m` becomes `from Tue 17 Nov` (the condition
  /// score's arrival in the calibration note) or `not yet`.
  static func note(_ text: String, part: String, calibration: Calibration?, year: Int) -> String {
    guard let r = text.range(of: "calibrating") else { return text }
    // `calibrating 4/7` (days present / needed) is the count the note replaces by a date;
    // other words after "calibrating" are kept (`calibrating: needs 2 weigh-ins a week`).
    var rest = text[r.upperBound...].drop { $0 == " " || $0 == ":" }
    if let count = rest.firstMatch(of: /^\d+\/\d+[;,]?\s*/) {
      rest = rest[count.range.upperBound...]
    }
    if !rest.isEmpty { return String(rest) }
    if part == "Condition",
      let item = calibration?.items.first(where: { $0.what == "the condition score" })
    {
      return "from " + LocalDayText.short(item.day, year: year)
    }
    return "not yet: still learning your usual"
  }
}
