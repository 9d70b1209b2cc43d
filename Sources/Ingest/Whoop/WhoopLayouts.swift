/// The four CSVs of WHOOP's data export, by header (docs/ingest-whoop.md, "Files"). Column
/// names are listed in English and in Spanish (the languages of exports seen); every file
/// starts with the cycle it belongs to.
enum WhoopLayouts {
  /// Which file a header is.
  enum Kind: Int, CaseIterable {
    case cycles, sleeps, workouts, journal
  }

  /// The layouts, by `Kind` raw value.
  static let all: [VendorLayout] = [cycles, sleeps, workouts, journal]

  static let hint = "WHOOP app → More → App Settings → Data Export; unzip the e-mailed file"

  // MARK: Columns shared by the files

  static let cycleStart = VendorColumn(
    ["Cycle start time", "Hora de inicio del ciclo"], .key, required: true)
  static let cycleEnd = VendorColumn(
    ["Cycle end time", "Hora de finalización del ciclo"], .key)
  static let cycleZone = VendorColumn(["Cycle timezone", "Zona horaria del ciclo"], .key)

  /// The sleep columns, the same in `physiological_cycles.csv` and `sleeps.csv`.
  static func sleepColumns(required: Bool) -> [VendorColumn] {
    [
      VendorColumn(["Sleep onset", "Inicio del sueño"], .key, required: required),
      VendorColumn(["Wake onset", "Inicio de la vigilia"], .key, required: required),
      VendorColumn(["Sleep performance %", "Calificación del sueño (%)"]),
      VendorColumn(["Respiratory rate (rpm)", "Frecuencia respiratoria (rpm)"]),
      VendorColumn(["In bed duration (min)", "Tiempo en la cama (min)"]),
      VendorColumn(["Light sleep duration (min)", "Duración de sueño ligero (min)"]),
      VendorColumn(
        ["Deep (SWS) duration (min)", "Duración de sueño profundo (SWS) (min)"]),
      VendorColumn(["REM duration (min)", "Duración de sueño REM (min)"]),
      VendorColumn(["Awake duration (min)", "Tempo despierto/a (min)", "Tiempo despierto/a (min)"]),
      VendorColumn(
        ["Asleep duration (min)", "Duración del sueño (min)"],
        .notRead("the sum of the light, deep and REM columns, which are read")),
      VendorColumn(
        ["Sleep need (min)", "Sueño necesario (min)"], .notRead("WHOOP's target, not a measurement")
      ),
      VendorColumn(
        ["Sleep debt (min)", "Deuda de sueño (min)"],
        .notRead("WHOOP's estimate, not a measurement")),
      VendorColumn(
        ["Sleep efficiency %", "Eficiencia del sueño %"],
        .notRead("asleep over in-bed time, from columns that are read")),
      VendorColumn(
        ["Sleep consistency %", "Regularidad del sueño %"],
        .notRead("WHOOP's rating of bedtime regularity")),
    ]
  }

  /// Positions of the sleep columns within `sleepColumns`.
  enum SleepColumn: Int, CaseIterable {
    case onset, wake, performance, respiratoryRate, inBed, light, deep, rem, awake
  }

  // MARK: physiological_cycles.csv

  /// Positions in `cycles.columns` of the cycle's own values (the sleep columns follow at
  /// `cycleSleepBase`).
  enum CycleColumn: Int, CaseIterable {
    case start, end, zone, recovery, restingHeartRate, hrv, skinTemperature, bloodOxygen
    case dayStrain, energy, maxHeartRate, averageHeartRate
  }

  static let cycleSleepBase = CycleColumn.allCases.count

  static let cycles = VendorLayout(
    title: "WHOOP physiological_cycles.csv",
    columns: [
      cycleStart, VendorColumn(cycleEnd.names, .key, required: true), cycleZone,
      VendorColumn(["Recovery score %", "Puntuación de recuperación (%)"]),
      VendorColumn(["Resting heart rate (bpm)", "Frecuencia cardíaca en reposo (lpm)"]),
      VendorColumn(
        ["Heart rate variability (ms)", "Variabilidad de la frecuencia cardíaca (ms)"]),
      VendorColumn(["Skin temp (celsius)", "Temp. cutánea (grados centígrados)"]),
      VendorColumn(["Blood oxygen %", "Oxígeno en sangre %"]),
      VendorColumn(["Day Strain", "Esfuerzo del día"]),
      VendorColumn(["Energy burned (cal)", "Energía quemada (cal)"]),
      VendorColumn(["Max HR (bpm)", "FC máx. (lpm)"]),
      VendorColumn(["Average HR (bpm)", "FC promedio (lpm)"]),
    ] + sleepColumns(required: false),
    minimumMatches: 8, hint: hint)

  // MARK: sleeps.csv

  /// Position of `Nap` in `sleeps.columns`.
  static let napColumn = 3 + SleepColumn.allCases.count + 5

  static let sleeps = VendorLayout(
    title: "WHOOP sleeps.csv",
    columns: [cycleStart, cycleEnd, cycleZone] + sleepColumns(required: true)
      + [VendorColumn(["Nap", "Siesta"], .key)],
    minimumMatches: 8, hint: hint)

  // MARK: workouts.csv

  /// Positions in `workouts.columns`.
  enum WorkoutColumn: Int, CaseIterable {
    case cycleStart, cycleEnd, zone, start, end, duration, activity, energy, distance
  }

  private static let workoutSummary = "the workout's WHOOP summary, not kept"

  static let workouts = VendorLayout(
    title: "WHOOP workouts.csv",
    columns: [
      cycleStart, cycleEnd, cycleZone,
      VendorColumn(
        ["Workout start time", "Hora de inicio del entrenamiento"], .key, required: true),
      VendorColumn(
        ["Workout end time", "Hora de finalización del entrenamiento"], .key, required: true),
      VendorColumn(["Duration (min)", "Duración (min)"]),
      VendorColumn(["Activity name", "Nombre de la actividad"], .key, required: true),
      VendorColumn(["Energy burned (cal)", "Energía quemada (cal)"]),
      VendorColumn(["Distance (meters)", "Distancia (metros)"]),
      VendorColumn(["Activity Strain", "Esfuerzo de actividad"], .notRead(workoutSummary)),
      VendorColumn(["Max HR (bpm)", "FC máx. (lpm)"], .notRead(workoutSummary)),
      VendorColumn(["Average HR (bpm)", "FC promedio (lpm)"], .notRead(workoutSummary)),
    ]
      + (1...5).map {
        VendorColumn(
          ["HR Zone \($0) %", "Zona FC \($0)%", "Zona FC \($0) %"], .notRead(workoutSummary))
      }
      + [
        VendorColumn(["GPS enabled", "GPS habilitado"], .notRead("a setting")),
        VendorColumn(["Altitude gain (meters)"], .notRead(workoutSummary)),
        VendorColumn(["Altitude change (meters)"], .notRead(workoutSummary)),
      ],
    minimumMatches: 5, hint: hint)

  // MARK: journal_entries.csv

  /// Positions in `journal.columns`.
  enum JournalColumn: Int, CaseIterable {
    case cycleStart, cycleEnd, zone, question, answer
  }

  static let journal = VendorLayout(
    title: "WHOOP journal_entries.csv",
    columns: [
      cycleStart, cycleEnd, cycleZone,
      VendorColumn(["Question text", "Texto de la pregunta"], .key, required: true),
      VendorColumn(["Answered yes", "Respondió \"Sí\""], required: true),
      VendorColumn(["Notes", "Notas"], .notRead("free text")),
    ],
    minimumMatches: 4, hint: hint)
}
