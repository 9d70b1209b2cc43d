/// The synthetic Garmin watch: fixed facts that never depend on the seed.
enum GarminDeviceProfile {
  /// FIT `manufacturer` 1 (Garmin).
  static let manufacturer: Int64 = 1
  /// A `garmin_product` number (the reader writes it as `Garmin (product 3290)`).
  static let product: Int64 = 3290
  /// The watch's serial number.
  static let serial: Int64 = 3_987_654_321
  /// The Garmin Connect user number in the export's file names.
  static let userNumber = "84562019"

  /// FIT `date_time` of an epoch second (seconds since 1989-12-31T00:00:00Z).
  static func fitTime(_ epoch: Int64) -> Int64 { epoch - 631_065_600 }
}
