"""The cohort tables, in Spark SQL, from every participant's rows.

Weeks are ISO weeks (Monday first, `2026-W46`), the key of healthpipe's own weekly table.
A participant's value for a week is the mean of its daily values in that week (healthpipe's
weekly rule for key metrics, docs/aggregate.md, "Weekly rows", applied to every metric).
Across participants each table gives `participants` (with a value), `mean` and the
percentiles p10, p25, p50, p75, p90.

Percentiles are exact, never approximate: Spark's `percentile` with linear interpolation
between the two nearest ranks, at position (n - 1) * p of the sorted values (numpy's default
`linear` method, R's type 7, Python's `statistics.quantiles(method="inclusive")`).

Means add the values in sorted order (`sorted_mean`), so a sum never depends on how Spark
happened to partition the rows: a rerun writes the very same doubles.
"""

from __future__ import annotations

from pyspark.sql import DataFrame, SparkSession

PERCENTILES = "array(0.1D, 0.25D, 0.5D, 0.75D, 0.9D)"

# The ISO week of a date: its week number, and the year of its week's Thursday.
ISO_WEEK = (
    "format_string('%d-W%02d', year(date_add({d}, 3 - ((dayofweek({d}) + 5) % 7))),"
    " weekofyear({d}))"
)


def sorted_mean(x: str) -> str:
    """The mean of `x` over the group, summed in sorted order (deterministic), nulls left out."""
    total = f"aggregate(array_sort(collect_list({x})), CAST(0 AS DOUBLE), (acc, v) -> acc + v)"
    return f"CASE WHEN count({x}) = 0 THEN NULL ELSE {total} / count({x}) END"


def distribution(x: str) -> str:
    """participants, mean and percentiles of the per-participant value `x` over the group."""
    return (
        f"count({x}) AS participants, {sorted_mean(x)} AS mean, percentile({x}, {PERCENTILES}) AS p"
    )


def _percentile_columns(
    df: DataFrame, keys: list[str], extra: list[str] | None = None
) -> DataFrame:
    return df.selectExpr(
        *keys,
        "participants",
        *(extra or []),
        "mean",
        "p[0] AS p10",
        "p[1] AS p25",
        "p[2] AS p50",
        "p[3] AS p75",
        "p[4] AS p90",
    )


def register(spark: SparkSession, daily: DataFrame, scores: DataFrame, streaks: DataFrame) -> None:
    """Makes the participant tables visible to SQL, with each day's ISO week."""
    daily.createOrReplaceTempView("daily")
    scores.createOrReplaceTempView("scores")
    streaks.createOrReplaceTempView("streaks")
    spark.sql(f"SELECT *, {ISO_WEEK.format(d='day')} AS week FROM daily").createOrReplaceTempView(
        "daily_weeks"
    )
    spark.sql(f"SELECT *, {ISO_WEEK.format(d='day')} AS week FROM scores").createOrReplaceTempView(
        "scores_weeks"
    )


def cohort_weekly(spark: SparkSession) -> DataFrame:
    """Per ISO week and series (metric, category, unit): the participants' weekly means."""
    per_participant = f"""
        SELECT week, metric, category, unit, participant, {sorted_mean("value")} AS v
        FROM daily_weeks GROUP BY week, metric, category, unit, participant"""
    df = spark.sql(f"""
        SELECT week, metric, category, unit, {distribution("v")}
        FROM ({per_participant}) GROUP BY week, metric, category, unit""")
    return _percentile_columns(df, ["week", "metric", "category", "unit"])


def cohort_adherence(spark: SparkSession) -> DataFrame:
    """Per ISO week, one row per measure:

    - `wearDays` (goal ""): days of the week with a heart-rate value, per participant with
      any data that week (only a worn watch or ring records heart rate);
    - `goalMetRate` (goal = name): the share of the participant's days with data for the
      goal on which it was met (healthpipe's daily `goalMet` rows, 1 or 0);
    - `currentStreak` and `longestStreak` (goal, cadence): the streak lengths of the
      `streaks` table, in the week of each participant's as-of date (streaks are as of
      that day only).
    """
    wear = f"""
        SELECT week, 'wearDays' AS measure, '' AS goal, '' AS cadence, {distribution("v")}
        FROM (SELECT week, participant,
                     CAST(count(DISTINCT CASE WHEN metric = 'heartRate' THEN day END)
                          AS DOUBLE) AS v
              FROM daily_weeks GROUP BY week, participant)
        GROUP BY week"""
    goals = f"""
        SELECT week, 'goalMetRate' AS measure, goal, '' AS cadence, {distribution("v")}
        FROM (SELECT week, category AS goal, participant, {sorted_mean("value")} AS v
              FROM daily_weeks WHERE metric = 'goalMet' GROUP BY week, category, participant)
        GROUP BY week, goal"""
    streaks = " UNION ALL ".join(
        f"""SELECT {ISO_WEEK.format(d="asOf")} AS week, '{measure}' AS measure, goal, cadence,
                   {distribution(f"CAST({column} AS DOUBLE)")}
            FROM streaks GROUP BY {ISO_WEEK.format(d="asOf")}, goal, cadence"""
        for measure, column in (("currentStreak", "current"), ("longestStreak", "longest"))
    )
    df = spark.sql(f"{wear} UNION ALL {goals} UNION ALL {streaks}")
    return _percentile_columns(df, ["week", "measure", "goal", "cadence"])


def cohort_scores(spark: SparkSession) -> DataFrame:
    """Per ISO week and score (condition, sleep, body, wellness): the participants' weekly
    mean scores; `days` counts the participant-days with that score."""
    parts = " UNION ALL ".join(
        f"SELECT week, participant, '{s}' AS score, CAST({s} AS DOUBLE) AS value FROM scores_weeks"
        f" WHERE {s} IS NOT NULL"
        for s in ("condition", "sleep", "body", "wellness")
    )
    df = spark.sql(f"""
        SELECT week, score, {distribution("v")}, sum(days) AS days
        FROM (SELECT week, score, participant, {sorted_mean("value")} AS v, count(*) AS days
              FROM ({parts}) GROUP BY week, score, participant)
        GROUP BY week, score""")
    return _percentile_columns(df, ["week", "score"], ["days"])


SORT_KEYS = {
    "cohort_weekly": ["week", "metric", "category", "unit"],
    "cohort_adherence": ["week", "measure", "goal", "cadence"],
    "cohort_scores": ["week", "score"],
}
