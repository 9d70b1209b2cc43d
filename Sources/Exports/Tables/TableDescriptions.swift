import HealthCore

/// What every table and column means, in words, for the descriptions other tools show:
/// the CSV on the Web sidecars, the SQLite `metadata_columns` table and Datasette's
/// `metadata.json` (docs/interop.md). The schemas' doc comments say the same for
/// programmers; a test checks that every column of every schema is described here.
public enum TableDescriptions {
  /// A title and a paragraph for a table kind written by `stage` (`samples` from ingest
  /// are the samples as read, from clean in canonical units).
  public static func table(_ kind: TableKind, stage: String) -> (title: String, text: String) {
    switch kind {
    case .samples where stage == "clean":
      (
        "Cleaned samples",
        "The samples after clean: canonical units (kg, km, kcal, °C, ms, bpm as count/min, "
          + "minutes, fractions 0-1), out-of-range values, exact duplicates and overlapping "
          + "lower-priority sources removed (each removed row is in rejects)."
      )
    case .samples:
      (
        "Samples",
        "Every record read from the inputs, one row each, with its value and unit as the "
          + "input wrote them."
      )
    case .rejects:
      (
        "Rejects (\(stage))",
        "Every record the \(stage) stage dropped, with its reason and where it came from: "
          + "nothing disappears silently."
      )
    case .daily:
      (
        "Daily values",
        "One metric's value on one local day (sleep: the sleep day, end + 6 h), in the "
          + "metric's canonical unit. Long form; daily_wide is one row per day."
      )
    case .baselines:
      (
        "Baselines",
        "Per day and key metric: the 7-day average, 14- and 60-day baselines with SD, "
          + "changes and the normal range (60-day mean ± 0.5 SD, at least the metric's minimum "
          + "meaningful change); a note says why a window "
          + "has no value."
      )
    case .scores:
      (
        "Scores",
        "Per day: the condition, sleep, body and wellness scores (0-100) with their parts, "
          + "status word and coaching line; a note says why a score is missing."
      )
    case .streaks:
      (
        "Goal streaks",
        "Per goal: the current and longest streak at the as-of date, freezes, history and "
          + "milestones over the whole history analysed (or the backfill window a pipeline "
          + "sets)."
      )
    case .weekly:
      (
        "Weekly rows",
        "Per ISO week and metric: the week's mean (key metrics) or sum (workouts, goal days) "
          + "against the week before and the normal range."
      )
    case .habits:
      (
        "Habits",
        "One habit on one local day, from the habit's first day to the as-of date: the "
          + "day's value (logged entries plus linked data), whether it met the habit, and "
          + "the streak that day (docs/habits.md)."
      )
    }
  }

  /// The description of a column of a table kind ("" for a column not described, which a
  /// test forbids).
  public static func column(_ kind: TableKind, _ name: String) -> String {
    columns[kind]?[name] ?? ""
  }

  private static let origin = [
    "file": "Position of the input file in the table's input list (metadata_inputs).",
    "record": "Line or record number in that input.",
  ]

  private static let columns: [TableKind: [String: String]] = [
    .samples: [
      "metric": "Catalog metric id, or the raw type name for a type healthpipe does not know.",
      "start": "Start time.",
      "end": "End time (equal to the start for an instantaneous reading).",
      "utcOffset": "UTC offset in force at the start, seconds (from HKTimeZone where present); "
        + "it decides the local day.",
      "value": "The value in unit (minutes for sleep and workouts).",
      "min": "The day's minimum, where the input gave one.",
      "max": "The day's maximum, where the input gave one.",
      "unit": "Unit of value, min and max.",
      "category": "Sleep stage for sleep, activity type for workouts, else empty.",
      "source": "Source name as written (the app or device that recorded it).",
      "device": "Device description (name, model, hardware) where known.",
      "sourceKind": "watch, phone, scale, app, manual or unknown.",
      "userEntered": "Whether a person typed it in (HKWasUserEntered).",
      "hrvKind": "sdnn or rmssd for HRV, else none.",
    ].merging(origin) { a, _ in a },
    .rejects: [
      "stage": "The stage that dropped the record (ingest, clean).",
      "code": "Machine-readable reason (out-of-range, duplicate, overlapped, unknown-unit, ...).",
      "reason": "The reason in words, with the numbers involved.",
      "metric": "Metric id or raw type name, as far as it was known.",
      "start": "Start time, if it was read.",
      "end": "End time, if it was read.",
      "utcOffset": "UTC offset at the start, seconds, if known.",
      "value": "The value exactly as read.",
      "unit": "The unit exactly as read.",
      "source": "Source name, if known.",
    ].merging(origin) { a, _ in a },
    .daily: [
      "day": "The local day (for sleep metrics the sleep day: the date of the night's end + 6 h).",
      "metric": "Metric id (catalog or derived series), or a raw type name.",
      "category": "Split of the metric: workout activity type or goal name; empty for the total.",
      "value": "The day's value in unit: sum, mean or last value by the metric's rule.",
      "min": "The day's lowest reading (mean-aggregated metrics).",
      "max": "The day's highest reading (mean-aggregated metrics).",
      "n": "Number of samples that went into the value.",
      "unit": "Unit of value, min and max (canonical).",
      "source": "The source chosen for the value where one was chosen (sleep), else empty.",
    ],
    .baselines: [
      "day": "The day d.",
      "metric": "The key metric.",
      "value": "The daily value on d.",
      "avg7": "Mean over d-6 ... d; empty with fewer than 4 days.",
      "avg7Days": "Days with data in d-6 ... d.",
      "base14Mean": "Mean over d-14 ... d-1; empty with fewer than 7 days.",
      "base14SD": "Sample SD over d-14 ... d-1.",
      "base14Days": "Days with data in d-14 ... d-1.",
      "base60Mean": "Mean over d-60 ... d-1; empty with fewer than 21 days.",
      "base60SD": "Sample SD over d-60 ... d-1.",
      "base60Days": "Days with data in d-60 ... d-1.",
      "deltaYesterday": "value(d) - value(d-1).",
      "deltaYesterdayPercent": "The same in percent of value(d-1).",
      "delta14": "value(d) - base14Mean.",
      "delta14Percent": "The same in percent of base14Mean.",
      "delta60": "value(d) - base60Mean.",
      "delta60Percent": "The same in percent of base60Mean.",
      "rangeLow": "Normal range, low end: base60Mean - max(0.5 SD, minimum meaningful change).",
      "rangeHigh": "Normal range, high end: base60Mean + max(0.5 SD, minimum meaningful change).",
      "position": "Where avg7 sits against the normal range: below, within, above, or empty.",
      "cv7": "Coefficient of variation of the ln values over d-6 ... d, percent (HRV only).",
      "note": "Why values are missing (calibrating 3/7), or empty.",
      "lastDay": "The last day with data on or before d.",
      "freshness": "Today, Yesterday, Nd ago, or empty without data.",
      "stale": "More than 3 days since the last data.",
      "unit": "Unit of value, means, SDs, changes and range (canonical).",
    ],
    .scores: [
      "day": "The day.",
      "condition": "Condition score 0-100 from today's HRV against its baseline.",
      "conditionZ": "z of today's ln(SDNN) against the reference.",
      "restingHRPenalty": "Resting-heart-rate penalty subtracted (0 when none).",
      "conditionReference": "The reference used: base60, base14, or empty.",
      "conditionNote": "Why there is no condition score, or empty.",
      "conditionMeasure":
        "The HRV measure the condition score uses: SDNN, RMSSD (a person with RMSSD and no "
        + "SDNN), or empty without HRV data.",
      "sleep": "Sleep score 0-100 for the sleep day.",
      "sleepDurationPart": "Duration part, 0-1.",
      "sleepConsistencyPart": "Bedtime consistency part, 0-1.",
      "sleepDeepPart": "Deep-sleep part, 0-1.",
      "sleepNote": "Why there is no sleep score, or empty.",
      "body": "Body score 0-100.",
      "bodyFatChange": "Change in mean body fat, percentage points, last 7 days vs the 7 before.",
      "weightChangePercent":
        "Absolute change of mean weight in percent, last 7 days vs the 7 before.",
      "bodyNote": "Why there is no body score, or empty.",
      "wellness": "Wellness score 0-100 from the rounded part scores.",
      "wellnessNote": "Why there is no wellness score, or empty.",
      "status": "Status word of the wellness score: excellent, good, fair, tired, warning.",
      "coaching": "The coaching line for the day.",
      "coachingRule": "The id of the coaching rule that chose it (docs/coaching.md).",
    ],
    .streaks: [
      "goal": "Goal name.",
      "description": "What the goal means (steps ≥ 8000).",
      "cadence": "daily or weekly.",
      "target": "Goal days needed per week (weekly cadence); 1 for daily.",
      "weekStart": "First day of the week for weekly cadence, else empty.",
      "current": "Current streak (days, or weeks for weekly cadence).",
      "longest": "Longest streak inside the window.",
      "longestEver": "Longest streak over the replayed span (the same as longest).",
      "longestEverEnd": "The last day (or week start) of that streak.",
      "freezesUsed": "Dates bridged by a freeze inside the window, comma-separated.",
      "freezeAvailable": "Whether a freeze is held at the as-of date.",
      "lastGoalDay": "The last goal day in the window.",
      "windowStart": "First day of the replayed span: the history's first day, or the "
        + "backfill window's.",
      "windowEnd": "Last day of the window (the as-of date).",
      "history": "Per day, oldest first: 1 goal day, 0 missed, F frozen, . no data (weekly: "
        + "one character per week).",
      "milestone3": "Day the 3-day milestone was reached in the window.",
      "milestone7": "Day the 7-day milestone was reached in the window.",
      "milestone14": "Day the 14-day milestone was reached in the window.",
      "milestone30": "Day the 30-day milestone was reached in the window.",
      "milestone60": "Day the 60-day milestone was reached in the window.",
      "milestone90": "Day the 90-day milestone was reached in the window.",
      "nextMilestone": "The next milestone above the current streak (empty past 90).",
      "progress": "100 × current / next milestone, at most 100.",
    ],
    .weekly: [
      "week": "ISO week, 2026-W46.",
      "weekStart": "Monday of the ISO week.",
      "metric": "Metric id (key metrics, workouts, goalMet).",
      "category": "Activity type or goal name; empty for the total.",
      "value": "The week's mean (key metrics) or sum (workouts, goal days).",
      "previousValue": "The same for the week before.",
      "change": "value - previousValue.",
      "changePercent": "The change in percent of previousValue.",
      "position": "Where the week's mean sits against the normal range: below, within, above.",
      "daysWithData": "Days (sleep: nights) with data in the week.",
      "daysInWeek": "Days of the week up to the as-of date (7 for a finished week).",
      "target": "The weekly target (goal rows).",
      "met": "Whether the target was met.",
      "unit": "Unit of value, previousValue and change (canonical).",
    ],
    .habits: [
      "habit": "The habit's key (lower case; its name and settings are in the metadata).",
      "day": "The person's local day.",
      "value": "The day's value: the entries' sum (minutes, amount; 1 or 0 for a check) plus "
        + "the linked series; empty when nothing was logged.",
      "auto": "The part of value from the linked series (auto = ...), empty without one.",
      "unit": "Unit of value: check, min, or the count's unit.",
      "entries": "Entries logged that day (journal rows, Loop entries; skips included).",
      "met": "Whether the day met the habit.",
      "state": "1 met, 0 missed, . nothing logged, s skipped, F missed but bridged by a "
        + "rest day.",
      "streak": "The current streak that day, the day not yet over (days; weeks for a weekly "
        + "habit).",
      "best": "The longest streak from the habit's first day through that day.",
      "restDay": "Whether a rest day (freeze) is in hand after that day.",
      "weekDays": "Met days in that day's week so far (weekly habits).",
      "weekTarget": "Met days that week needs (weekly habits; fewer with skipped days).",
      "milestone": "The badge (days or weeks) the streak reached that day, if any.",
    ],
  ]
}
