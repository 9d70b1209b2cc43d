"""The cohort job: list the participants, run healthpipe for those whose inputs or settings
changed, write their tables, recompute the cohort tables (docs/scale-out.md)."""

from __future__ import annotations

import json
import sys
from collections import Counter

from pyspark import StorageLevel
from pyspark.rdd import RDD
from pyspark.sql import SparkSession

from . import cohort_sql
from .executor import failure, run_direct, run_fetched, unpack
from .hadoop import HadoopFS
from .listing import Listing, ListingError, list_participants, unusable
from .model import RunSettings, Task
from .options import JobOptions, UsageError, parse
from .planning import Previous, assign, fingerprint, needs_run
from .preflight import BinaryError, check_study, resolve_as_of, resolve_binary, ship_package
from .schemas import PARTICIPANT_TABLES, STATE
from .study import StudyFileError, default_study, parse_study
from .writer import (
    literal,
    read_participant_table,
    write_compacted,
    write_participant_table,
    write_whole,
)

# Spark hands a file to Python as one byte array: at most 2 GiB - 1 per file.
LARGEST_FETCHED_FILE = 2**31 - 1
EXIT_CODES = {UsageError: 64, ListingError: 66, BinaryError: 69, StudyFileError: 78}


def log(message: str) -> None:
    print(f"cohort: {message}", file=sys.stderr, flush=True)


def _previous_state(spark: SparkSession, fs: HadoopFS, out: str) -> dict[str, tuple]:
    if not fs.exists(f"{out}/state"):
        return {}
    rows = spark.read.schema(STATE).parquet(literal(f"{out}/state")).collect()
    return {row["participant"]: tuple(row) for row in rows}


def _keyed(row, prefix: str) -> tuple[str, tuple[str, bytes]]:
    pid, relpath = row["path"][len(prefix) :].split("/", 1)
    return pid, (relpath, bytes(row["content"]))


def _executor_rdd(
    spark: SparkSession, plan: list[list[Task]], settings: RunSettings, root: str
) -> RDD:
    """Runs every planned participant on the executors; one RDD partition per task list."""
    sc = spark.sparkContext
    shared_plan = sc.broadcast(plan)
    count = len(plan)
    if settings.direct:
        return sc.parallelize(range(count), count).mapPartitionsWithIndex(
            lambda i, _: run_direct(shared_plan.value[i], settings)
        )
    where = sc.broadcast({t.pid: i for i, part in enumerate(plan) for t in part})
    prefix = root + "/"
    uris = [literal(t.participant.uri) for part in plan for t in part]
    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .load(uris)
        .select("path", "content")
        .rdd.map(lambda row: _keyed(row, prefix))
        .partitionBy(count, lambda pid: where.value[pid])
    )
    return files.mapPartitionsWithIndex(
        lambda i, it: run_fetched(shared_plan.value[i], it, settings)
    )


def _select(
    listing: Listing, previous: dict[str, tuple], settings_key: str, force: bool, direct: bool
) -> tuple[list[Task], list, int]:
    """The participants to run, the failures rows of those the job cannot run (written by the
    driver), and how many are unchanged since the last run."""
    tasks: list[Task] = []
    driver_records: list = []
    skipped = 0
    for participant in listing.participants:
        task = Task(participant, fingerprint(participant, settings_key))
        old = previous.get(participant.pid)
        if not needs_run(task, old and Previous(old[1], old[2], old[3]), force):
            skipped += 1
            continue
        problem = unusable(participant)
        big = [f for f in participant.files if f.size > LARGEST_FETCHED_FILE]
        if problem is None and big and not direct:
            problem = (
                66,
                f"{big[0].relpath} is {big[0].size} bytes; Spark's reader hands a file "
                "over as one array of at most 2 GiB: mount the participants folder on "
                "every executor and run with --fetch direct",
            )
        if problem:
            driver_records.extend(failure(task, "inputs", problem[0], problem[1]))
        else:
            tasks.append(task)
    return tasks, driver_records, skipped


def run(spark: SparkSession, options: JobOptions) -> dict:
    """Runs the job; returns the summary (also printed with --json)."""
    sc = spark.sparkContext
    fs = HadoopFS(spark)
    out = options.out
    ship_package(sc)
    binary = resolve_binary(sc, fs, options.healthpipe)
    study = parse_study(options.pipeline, fs.read_text) if options.pipeline else default_study()
    timezone = options.timezone or study.timezone or "UTC"
    as_of = resolve_as_of(options.as_of, timezone)
    check_study(binary, study, timezone, as_of)
    listing: Listing = list_participants(spark, fs, options.participants)
    if (fs.qualify(out).rstrip("/") + "/").startswith(listing.root + "/"):
        raise UsageError(f"--out {out} is inside --participants: its folders would be participants")
    direct = options.fetch == "direct" or (
        options.fetch == "auto" and listing.root.startswith("file:")
    )
    settings = RunSettings(
        binary_name=binary.name,
        binary_path=binary.driver_path,
        study=study,
        as_of=as_of,
        timezone=timezone,
        reports=options.reports,
        timeout=options.timeout,
        scratch=options.scratch,
        direct=direct,
        threads=max(1, int(spark.conf.get("spark.task.cpus", "1") or "1")),
    )
    settings_key = json.dumps(
        [
            binary.identity,
            binary.version,
            study.canonical_text(),
            as_of,
            timezone,
            options.reports,
            "direct" if direct else "spark",
        ],
        separators=(",", ":"),
    )
    log(
        f"{len(listing.participants)} participant folders in {listing.root}; healthpipe "
        f"{binary.version}; as of {as_of}; inputs read {'in place' if direct else 'through Spark'}"
    )
    for name in listing.ignored:
        log(f"ignored {name}: a file directly in the participants folder, not in a participant's")

    previous = _previous_state(spark, fs, out)
    tasks, driver_records, skipped = _select(listing, previous, settings_key, options.force, direct)
    listed = {p.pid for p in listing.participants}
    removed = set(previous) - listed
    ran = {t.pid for t in tasks} | {r[1] for r in driver_records}
    log(f"{len(ran)} to run, {skipped} unchanged since the last run, {len(removed)} removed")

    summary = {
        "participants": len(listing.participants),
        "ran": len(ran),
        "skipped": skipped,
        "removed": len(removed),
        "asOf": as_of,
        "healthpipe": binary.version,
        "fetch": "direct" if direct else "spark",
        "ok": 0,
        "partial": 0,
        "failed": 0,
    }
    derived = list(cohort_sql.SORT_KEYS) + (
        [f"compact/{t}" for t in PARTICIPANT_TABLES] if options.compact else []
    )
    cohort_missing = not all(fs.exists(f"{out}/{t}") for t in derived)
    if not ran and not removed and not cohort_missing:
        _count_statuses(summary, previous.values())
        log("nothing changed; outputs left as they are")
        return summary

    partitions = options.partitions or 4 * sc.defaultParallelism
    plan = assign(tasks, partitions)
    parts = [sc.parallelize(driver_records, 1)]
    if tasks:
        parts.insert(0, _executor_rdd(spark, plan, settings, listing.root))
    results = sc.union(parts).persist(StorageLevel.MEMORY_AND_DISK)
    try:
        states = results.filter(lambda r: r[0] == "state").flatMap(unpack).collect()
        new_state = {row[0]: row for row in states}
        present = results.map(lambda r: (r[0], r[1])).distinct().collect()
        with_rows: dict[str, set[str]] = {}
        for table, pid in present:
            with_rows.setdefault(table, set()).add(pid)
        for table in PARTICIPANT_TABLES:
            rows = results.filter(lambda r, t=table: r[0] == t).flatMap(unpack)
            write_participant_table(
                spark, fs, rows, table, out, ran, with_rows.get(table, set()), removed
            )
        _write_reports(
            fs, results, out, ran, with_rows.get("report", set()), removed, options.reports
        )
    finally:
        results.unpersist()

    state_rows = [
        row for pid, row in sorted(previous.items()) if pid in listed and pid not in new_state
    ]
    state_rows += list(new_state.values())
    write_whole(spark.createDataFrame(state_rows, STATE), f"{out}/state", ["participant"])
    _write_cohort(spark, out)
    for table in PARTICIPANT_TABLES if options.compact else []:
        write_compacted(spark, out, table, options.compact)
    _count_statuses(summary, state_rows)
    this_run = Counter(row[2] for row in new_state.values())
    log(
        f"ran {len(new_state)}: {this_run.get('ok', 0)} ok, {this_run.get('partial', 0)} partial "
        f"(some inputs failed), {this_run.get('failed', 0)} failed; outputs in {out}"
    )
    return summary


def _count_statuses(summary: dict, rows) -> None:
    counts = Counter(row[2] for row in rows)
    for status in ("ok", "partial", "failed"):
        summary[status] = counts.get(status, 0)


def _write_reports(
    fs: HadoopFS,
    results: RDD,
    out: str,
    ran: set[str],
    with_report: set[str],
    removed: set[str],
    reports: bool,
) -> None:
    """reports/<id>.html for each participant run now; a stale one goes."""
    if reports:
        for pid, html in (
            results.filter(lambda r: r[0] == "report").flatMap(unpack).toLocalIterator()
        ):
            fs.write_bytes(f"{out}/reports/{pid}.html", html)
    for pid in sorted((ran - with_report) | removed):
        fs.delete(f"{out}/reports/{pid}.html")


def _write_cohort(spark: SparkSession, out: str) -> None:
    tables = {t: read_participant_table(spark, out, t) for t in ("daily", "scores", "streaks")}
    cohort_sql.register(spark, tables["daily"], tables["scores"], tables["streaks"])
    for name, build in (
        ("cohort_weekly", cohort_sql.cohort_weekly),
        ("cohort_adherence", cohort_sql.cohort_adherence),
        ("cohort_scores", cohort_sql.cohort_scores),
    ):
        write_whole(build(spark), f"{out}/{name}", cohort_sql.SORT_KEYS[name])


def main(argv: list[str], spark: SparkSession | None = None) -> int:
    """The command line: runs the job and returns its exit code."""
    try:
        options = parse(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return 64
    own = spark is None
    spark = spark or SparkSession.builder.appName("healthpipe-cohort").getOrCreate()
    if own:  # a session handed in (the tests, a notebook) keeps its caller's level
        spark.sparkContext.setLogLevel(options.log_level)
    try:
        summary = run(spark, options)
    except tuple(EXIT_CODES) as error:
        print(f"cohort_job: error: {error}", file=sys.stderr)
        return EXIT_CODES[type(error)]
    finally:
        if own:
            spark.stop()
    if options.json:
        print(json.dumps(summary, indent=2, sort_keys=True))
    return 0
