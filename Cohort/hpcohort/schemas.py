"""The columns of every table the job writes.

The participant tables mirror healthpipe's own table schemas column for column
(HealthCore/Tables/Schemas; `healthpipe inspect TABLE --json` prints them), with the
participant id first. A healthpipe build whose table has other columns is refused per
participant with a clear message (executor.py), and Cohort/tests checks these lists against
the binary's headers, so the two never drift apart silently.

Types: healthpipe `day` -> date, `string` -> string, `float64` -> double, `int64` -> long,
`bool` -> boolean.
"""

from __future__ import annotations

from pyspark.sql.types import (
    BooleanType,
    DataType,
    DateType,
    DoubleType,
    IntegerType,
    LongType,
    MapType,
    StringType,
    StructField,
    StructType,
)

S, D, F, L, B = StringType(), DateType(), DoubleType(), LongType(), BooleanType()


def _struct(columns: list[tuple[str, DataType, bool]]) -> StructType:
    return StructType([StructField(n, t, nullable) for n, t, nullable in columns])


# healthpipe's aggregate tables: (column, type, nullable), in the header's order.
HEALTHPIPE_TABLES: dict[str, list[tuple[str, DataType, bool]]] = {
    "daily": [
        ("day", D, False),
        ("metric", S, False),
        ("category", S, False),
        ("value", F, False),
        ("min", F, True),
        ("max", F, True),
        ("n", L, False),
        ("unit", S, False),
        ("source", S, False),
    ],
    "baselines": [
        ("day", D, False),
        ("metric", S, False),
        ("value", F, True),
        ("avg7", F, True),
        ("avg7Days", L, False),
        ("base14Mean", F, True),
        ("base14SD", F, True),
        ("base14Days", L, False),
        ("base60Mean", F, True),
        ("base60SD", F, True),
        ("base60Days", L, False),
        ("deltaYesterday", F, True),
        ("deltaYesterdayPercent", F, True),
        ("delta14", F, True),
        ("delta14Percent", F, True),
        ("delta60", F, True),
        ("delta60Percent", F, True),
        ("rangeLow", F, True),
        ("rangeHigh", F, True),
        ("position", S, False),
        ("cv7", F, True),
        ("note", S, False),
        ("lastDay", D, True),
        ("freshness", S, False),
        ("stale", B, False),
        ("unit", S, False),
    ],
    "scores": [
        ("day", D, False),
        ("condition", L, True),
        ("conditionZ", F, True),
        ("restingHRPenalty", F, True),
        ("conditionReference", S, False),
        ("conditionNote", S, False),
        ("conditionMeasure", S, False),
        ("sleep", L, True),
        ("sleepDurationPart", F, True),
        ("sleepConsistencyPart", F, True),
        ("sleepDeepPart", F, True),
        ("sleepNote", S, False),
        ("body", L, True),
        ("bodyFatChange", F, True),
        ("weightChangePercent", F, True),
        ("bodyNote", S, False),
        ("wellness", L, True),
        ("wellnessNote", S, False),
        ("status", S, False),
        ("coaching", S, False),
        ("coachingRule", S, False),
    ],
    "streaks": [
        ("goal", S, False),
        ("description", S, False),
        ("cadence", S, False),
        ("target", L, False),
        ("weekStart", S, False),
        ("current", L, False),
        ("longest", L, False),
        ("longestEver", L, False),
        ("longestEverEnd", D, True),
        ("freezesUsed", S, False),
        ("freezeAvailable", B, False),
        ("lastGoalDay", D, True),
        ("windowStart", D, False),
        ("windowEnd", D, False),
        ("history", S, False),
        ("milestone3", D, True),
        ("milestone7", D, True),
        ("milestone14", D, True),
        ("milestone30", D, True),
        ("milestone60", D, True),
        ("milestone90", D, True),
        ("nextMilestone", L, True),
        ("progress", F, False),
    ],
    "weekly": [
        ("week", S, False),
        ("weekStart", D, False),
        ("metric", S, False),
        ("category", S, False),
        ("value", F, True),
        ("previousValue", F, True),
        ("change", F, True),
        ("changePercent", F, True),
        ("position", S, False),
        ("daysWithData", L, False),
        ("daysInWeek", L, False),
        ("target", L, True),
        ("met", B, True),
        ("unit", S, False),
    ],
}

# Columns the job adds after healthpipe's (the streaks table has no date of its own).
EXTRA_COLUMNS: dict[str, list[tuple[str, DataType, bool]]] = {"streaks": [("asOf", D, False)]}

# Row order inside each participant's file: the table's key, so a rerun writes the same rows
# in the same order (ties are whole equal rows).
SORT_KEYS: dict[str, list[str]] = {
    "daily": ["day", "metric", "category", "unit", "source"],
    "baselines": ["day", "metric"],
    "scores": ["day"],
    "streaks": ["goal", "cadence"],
    "weekly": ["week", "metric", "category"],
    "quality": ["stage", "scope", "key"],
    "failures": ["stage"],
}

QUALITY = _struct(
    [
        ("participant", S, False),
        ("stage", S, False),
        ("scope", S, False),
        ("key", S, False),
        ("read", L, False),
        ("kept", L, False),
        ("rejected", L, False),
        ("duplicates", L, False),
        ("overlapped", L, False),
        ("rejectedByReason", MapType(S, L, False), False),
        ("problem", S, True),
        ("problemExitCode", IntegerType(), True),
    ]
)

FAILURES = _struct(
    [
        ("participant", S, False),
        ("stage", S, False),
        ("exitCode", IntegerType(), False),
        ("message", S, False),
    ]
)

STATE = _struct(
    [
        ("participant", S, False),
        ("fingerprint", S, False),
        ("status", S, False),
        ("exitCode", IntegerType(), False),
        ("asOf", D, True),
        ("healthpipeVersion", S, False),
        ("inputs", S, False),  # JSON: [{"path", "size", "modified", "crc32"}], in path order
    ]
)


def participant_table(name: str) -> StructType:
    """The Spark schema of a participant table written from healthpipe's table `name`."""
    columns = [("participant", S, False)] + HEALTHPIPE_TABLES[name] + EXTRA_COLUMNS.get(name, [])
    return _struct(columns)


PARTICIPANT_TABLES = list(HEALTHPIPE_TABLES) + ["quality", "failures"]


def schema_of(table: str) -> StructType:
    """Every participant-partitioned table's schema by its folder name."""
    if table == "quality":
        return QUALITY
    if table == "failures":
        return FAILURES
    return participant_table(table)
