/// Names for FIT's `sport` enum (Profile type `sport`, FIT SDK 21.205), used as a workout's
/// activity type (`Running`, `Cycling`, ...); a number the table does not name is written
/// `Sport 123`. And the names of the commonest FIT manufacturers (Profile type
/// `manufacturer`) for source names; others are `FIT manufacturer 123`.
enum GarminNames {
  /// The workout category of a `sport` value.
  static func sport(_ value: UInt64?) -> String {
    guard let value else { return "Generic" }
    return sports[Int(truncatingIfNeeded: value)] ?? "Sport \(value)"
  }

  /// The maker of a device, by `manufacturer` value.
  static func manufacturer(_ value: UInt64?) -> String {
    guard let value else { return "Garmin" }
    return manufacturers[Int(truncatingIfNeeded: value)] ?? "FIT manufacturer \(value)"
  }

  private static let manufacturers: [Int: String] = [
    1: "Garmin", 13: "Dynastream", 15: "Dynastream", 23: "Suunto", 32: "Wahoo",
    69: "Stages Cycling", 70: "Sigma Sport", 89: "Tacx", 123: "Polar", 255: "Development",
    260: "Zwift", 265: "Strava", 267: "Bryton", 289: "Hammerhead", 294: "Coros", 305: "WHOOP",
    348: "Huawei",
  ]

  private static let sports: [Int: String] = [
    0: "Generic",
    1: "Running",
    2: "Cycling",
    3: "Transition",
    4: "Fitness equipment",
    5: "Swimming",
    6: "Basketball",
    7: "Soccer",
    8: "Tennis",
    9: "American football",
    10: "Training",
    11: "Walking",
    12: "Cross country skiing",
    13: "Alpine skiing",
    14: "Snowboarding",
    15: "Rowing",
    16: "Mountaineering",
    17: "Hiking",
    18: "Multisport",
    19: "Paddling",
    20: "Flying",
    21: "E biking",
    22: "Motorcycling",
    23: "Boating",
    24: "Driving",
    25: "Golf",
    26: "Hang gliding",
    27: "Horseback riding",
    28: "Hunting",
    29: "Fishing",
    30: "Inline skating",
    31: "Rock climbing",
    32: "Sailing",
    33: "Ice skating",
    34: "Sky diving",
    35: "Snowshoeing",
    36: "Snowmobiling",
    37: "Stand up paddleboarding",
    38: "Surfing",
    39: "Wakeboarding",
    40: "Water skiing",
    41: "Kayaking",
    42: "Rafting",
    43: "Windsurfing",
    44: "Kitesurfing",
    45: "Tactical",
    46: "Jumpmaster",
    47: "Boxing",
    48: "Floor climbing",
    49: "Baseball",
    53: "Diving",
    56: "Shooting",
    58: "Winter sport",
    59: "Grinding",
    62: "Hiit",
    63: "Video gaming",
    64: "Racket",
    65: "Wheelchair push walk",
    66: "Wheelchair push run",
    67: "Meditation",
    68: "Para sport",
    69: "Disc golf",
    70: "Team sport",
    71: "Cricket",
    72: "Rugby",
    73: "Hockey",
    74: "Lacrosse",
    75: "Volleyball",
    76: "Water tubing",
    77: "Wakesurfing",
    78: "Water sport",
    79: "Archery",
    80: "Mixed martial arts",
    81: "Motor sports",
    82: "Snorkeling",
    83: "Dance",
    84: "Jump rope",
    85: "Pool apnea",
    86: "Mobility",
    87: "Geocaching",
    88: "Canoeing",
  ]
}
