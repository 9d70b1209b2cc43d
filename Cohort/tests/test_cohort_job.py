"""The cohort job end to end on 14 generated participant folders, in local[2].

Expected values come from elsewhere than the job: healthpipe run by hand on each folder
(helpers.own_run), Python's own statistics on the rows, and counts worked out from the
fixture (12 good participants, one truncated zip, one empty folder).
"""

from __future__ import annotations

import math
import shutil
import statistics
from collections import defaultdict

import pytest

from conftest import EMPTY, GOOD, PARTICIPANTS, TRUNCATED, make_participants, run_job
from helpers import export, own_run, parquet_files, parquet_rows, plain, snapshot
from hpcohort.job import main
from hpcohort.options import parse
from hpcohort.schemas import HEALTHPIPE_TABLES


def test_the_job_succeeds_and_failures_hold_exactly_the_two_bad_participants(cohort, spark):
    # 12 good folders run (p12 partially: one of its files is not an export), 2 fail.
    assert cohort.summary["participants"] == 14
    assert (cohort.summary["ok"], cohort.summary["partial"], cohort.summary["failed"]) == (11, 1, 2)
    failures = {
        (r["participant"], r["stage"], r["exitCode"])
        for r in parquet_rows(spark, cohort.out, "failures")
    }
    # A truncated zip is malformed input (65, found by ingest); a folder with no files is
    # "input missing" (66), found by the job before healthpipe runs.
    assert failures == {(TRUNCATED, "ingest", 65), (EMPTY, "inputs", 66)}
    messages = {r["participant"]: r["message"] for r in parquet_rows(spark, cohort.out, "failures")}
    assert "export.zip" in messages[TRUNCATED] and "truncated" in messages[TRUNCATED]
    assert "/in/" not in messages[TRUNCATED]  # the file's own name, not the scratch copy's


@pytest.fixture(scope="module")
def own_runs(cohort, healthpipe, tmp_path_factory):
    """Each good participant run by hand: {pid: work folder}."""
    base = tmp_path_factory.mktemp("own")
    runs = {}
    for pid in GOOD:
        code = own_run(healthpipe, cohort.participants / pid, base / pid)
        assert code == (1 if pid == "p12" else 0), pid  # p12's notes.txt is not an export
        runs[pid] = base / pid / "work"
    return runs


@pytest.mark.parametrize("table", list(HEALTHPIPE_TABLES))
def test_each_participants_rows_equal_its_own_healthpipe_export(
    cohort, own_runs, healthpipe, spark, table
):
    for pid in GOOD:
        expected = export(healthpipe, own_runs[pid] / "aggregate" / f"{table}.hpt")
        got = parquet_rows(spark, cohort.out, table, pid)
        for row in got:
            assert row.pop("participant") == pid
            if table == "streaks":  # the job adds the as-of date the streaks are counted to
                assert row.pop("asOf") == plain(row["windowEnd"])
        key = lambda r: tuple(str(r[k]) for k in sorted(r))  # noqa: E731
        # Exact equality, doubles included: NDJSON prints each double so it reads back the same.
        assert sorted(got, key=key) == sorted(expected, key=key), f"{pid} {table}"
        assert len(got) > 0, f"{pid} has no {table} rows"


def test_the_daily_rows_are_stored_in_key_order(cohort, spark):
    for pid in GOOD:
        files = list((cohort.out / "daily" / f"participant={pid}").glob("*.parquet"))
        assert len(files) == 1
        rows = spark.read.parquet(str(files[0])).collect()
        keys = [(r["day"], r["metric"], r["category"], r["unit"], r["source"]) for r in rows]
        assert keys == sorted(keys)


def test_a_partial_participant_counts_and_its_failed_input_is_in_quality(
    cohort, spark, own_runs, healthpipe
):
    state = {r["participant"]: r for r in spark.read.parquet(str(cohort.out / "state")).collect()}
    assert (state["p12"]["status"], state["p12"]["exitCode"]) == ("partial", 1)
    quality = parquet_rows(spark, cohort.out, "quality", "p12")
    notes = [q for q in quality if q["scope"] == "input" and q["key"] == "notes.txt"]
    assert len(notes) == 1
    # The same problem healthpipe recorded for the file in its own run.
    own = [i for i in _inputs(healthpipe, own_runs["p12"]) if i["path"].endswith("notes.txt")][0]
    assert notes[0]["problem"] == own["problem"]["message"]
    assert notes[0]["problemExitCode"] == own["problem"]["exitCode"]
    assert notes[0]["read"] == 0


def _inputs(healthpipe, work):
    import json
    import subprocess

    out = subprocess.run(
        [str(healthpipe), "inspect", str(work / "rejects-ingest.hpt"), "--json"],
        check=True,
        capture_output=True,
    ).stdout
    return json.loads(out)["header"]["inputs"]


def test_quality_agrees_with_the_participants_own_manifests_and_rejects(
    cohort, spark, own_runs, healthpipe
):
    import json

    for pid in GOOD:
        rows = parquet_rows(spark, cohort.out, "quality", pid)
        by = defaultdict(list)
        for r in rows:
            by[(r["stage"], r["scope"])].append(r)
        work = own_runs[pid]
        clean = json.loads((work / "clean.hpt.manifest.json").read_text())["totals"]
        total = by[("clean", "total")][0]
        assert (
            total["read"],
            total["kept"],
            total["rejected"],
            total["duplicates"],
            total["overlapped"],
        ) == (
            clean["read"],
            clean["cleaned"],
            clean["rejected"],
            clean["duplicate"],
            clean["overlapped"],
        )
        # Per source, counted from the participant's own rejects table.
        rejects = export(healthpipe, work / "rejects-clean.hpt")
        for source_row in by[("clean", "source")]:
            mine = [r for r in rejects if r["source"] == source_row["key"]]
            assert source_row["duplicates"] == sum(r["code"] == "duplicate" for r in mine)
            assert source_row["overlapped"] == sum(r["code"] == "overlapped" for r in mine)
            assert source_row["rejected"] == sum(
                r["code"] not in ("duplicate", "overlapped") for r in mine
            )
            assert source_row["kept"] >= 0
        # The sources add up to the stage's totals, the inputs to ingest's.
        for field in ("read", "kept", "rejected", "duplicates", "overlapped"):
            assert sum(r[field] for r in by[("clean", "source")]) == total[field], (pid, field)
        ingest_total = by[("ingest", "total")][0]
        for field in ("read", "kept", "rejected"):
            assert sum(r[field] for r in by[("ingest", "input")]) == ingest_total[field], (
                pid,
                field,
            )
        assert ingest_total["kept"] == total["read"]  # what ingest kept is what clean read


# --- cohort tables against Python's own statistics -------------------------------------------


def _iso_week(day: str) -> str:
    import datetime

    year, week, _ = datetime.date.fromisoformat(day).isocalendar()
    return f"{year}-W{week:02d}"


def _pcts(values: list[float]) -> list[float]:
    """p10, p25, p50, p75, p90 by linear interpolation between closest ranks at (n-1)p:
    Python's statistics.quantiles(method="inclusive") (which needs two values; one value is
    every percentile)."""
    if len(values) == 1:
        return values * 5
    q = statistics.quantiles(values, n=100, method="inclusive")
    return [q[9], q[24], q[49], q[74], q[89]]


def _distribution(per_participant: dict) -> dict:
    """{key: [participant values]} -> {key: (participants, mean, p10..p90)}."""
    return {
        k: (len(v), math.fsum(v) / len(v), *_pcts(sorted(v))) for k, v in per_participant.items()
    }


def _assert_table(got: dict, expected: dict):
    assert set(got) == set(expected)
    for key, want in expected.items():
        have = got[key]
        assert have[0] == want[0], key
        for a, b in zip(have[1:], want[1:], strict=True):
            # The job adds in sorted order, fsum rounds once: they may differ in the last bits.
            assert math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12), (key, have, want)


def _cohort_table(spark, path, keys: list[str]) -> dict:
    """A cohort table as {key: (participants, mean, p10, p25, p50, p75, p90)}."""
    fields = ["participants", "mean", "p10", "p25", "p50", "p75", "p90"]
    return {
        tuple(r[k] for k in keys): tuple(r[f] for f in fields)
        for r in spark.read.parquet(str(path)).collect()
    }


def test_cohort_weekly_equals_pythons_own_computation(cohort, spark):
    daily = parquet_rows(spark, cohort.out, "daily")
    cells = defaultdict(list)
    for r in daily:
        cells[
            (_iso_week(r["day"]), r["metric"], r["category"], r["unit"], r["participant"])
        ].append(r["value"])
    weekly = defaultdict(list)
    for (week, metric, category, unit, _), values in cells.items():
        weekly[(week, metric, category, unit)].append(math.fsum(values) / len(values))
    got = _cohort_table(spark, cohort.out / "cohort_weekly", ["week", "metric", "category", "unit"])
    _assert_table(got, _distribution(weekly))
    assert max(v[0] for v in got.values()) >= 8  # weeks where most participants overlap


def test_cohort_scores_equal_pythons_own_computation(cohort, spark):
    cells = defaultdict(list)
    for r in parquet_rows(spark, cohort.out, "scores"):
        for score in ("condition", "sleep", "body", "wellness"):
            if r[score] is not None:
                cells[(_iso_week(r["day"]), score, r["participant"])].append(float(r[score]))
    per = defaultdict(list)
    days = defaultdict(int)
    for (week, score, _), values in cells.items():
        per[(week, score)].append(math.fsum(values) / len(values))
        days[(week, score)] += len(values)
    rows = spark.read.parquet(str(cohort.out / "cohort_scores")).collect()
    got = {
        (r["week"], r["score"]): (
            r["participants"],
            r["mean"],
            r["p10"],
            r["p25"],
            r["p50"],
            r["p75"],
            r["p90"],
        )
        for r in rows
    }
    _assert_table(got, _distribution(per))
    assert {(r["week"], r["score"]): r["days"] for r in rows} == dict(days)
    assert {r["score"] for r in rows} == {"condition", "sleep", "body", "wellness"}


def test_cohort_adherence_equals_pythons_own_computation(cohort, spark):
    daily = parquet_rows(spark, cohort.out, "daily")
    wear_days = defaultdict(set)
    weeks_with_data = set()
    goal_days = defaultdict(list)
    for r in daily:
        week = _iso_week(r["day"])
        weeks_with_data.add((week, r["participant"]))
        if r["metric"] == "heartRate":
            wear_days[(week, r["participant"])].add(r["day"])
        if r["metric"] == "goalMet":
            goal_days[(week, r["category"], r["participant"])].append(r["value"])
    per = defaultdict(list)
    for week, pid in weeks_with_data:
        per[(week, "wearDays", "", "")].append(float(len(wear_days[(week, pid)])))
    for (week, goal, _), values in goal_days.items():
        per[(week, "goalMetRate", goal, "")].append(math.fsum(values) / len(values))
    for r in parquet_rows(spark, cohort.out, "streaks"):
        week = _iso_week(r["asOf"])
        per[(week, "currentStreak", r["goal"], r["cadence"])].append(float(r["current"]))
        per[(week, "longestStreak", r["goal"], r["cadence"])].append(float(r["longest"]))
    got = _cohort_table(
        spark, cohort.out / "cohort_adherence", ["week", "measure", "goal", "cadence"]
    )
    _assert_table(got, _distribution(per))


# --- reruns ---------------------------------------------------------------------------------


def test_a_forced_rerun_writes_identical_parquet_content(cohort, spark, healthpipe, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(cohort.out, out)
    before = snapshot(spark, out)
    summary = run_job(spark, cohort.participants, out, healthpipe, "--reports", "--force")
    assert summary["ran"] == 14
    after = snapshot(spark, out)
    assert after == before
    # Every participant table has one file per participant folder, the cohort tables one.
    assert all(len(files) == 1 for files in after.values())
    assert len([k for k in after if k.startswith("daily/")]) == 12
    assert {k for k in after if "/" not in k} == {
        "cohort_weekly",
        "cohort_adherence",
        "cohort_scores",
        "state",
    }


def test_an_unchanged_rerun_runs_nobody_and_rewrites_nothing(cohort, spark, healthpipe, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(cohort.out, out)
    files = parquet_files(out)
    summary = run_job(spark, cohort.participants, out, healthpipe, "--reports")
    # The two failures are the data's own (65, 66): the same inputs would fail again.
    assert (summary["ran"], summary["skipped"]) == (0, 14)
    assert parquet_files(out) == files


def test_a_new_participant_runs_alone_and_the_others_stay_as_they_were(
    cohort, spark, healthpipe, tmp_path
):
    participants, out = tmp_path / "participants", tmp_path / "out"
    shutil.copytree(cohort.participants, participants)  # copy2 keeps sizes and modification times
    shutil.copytree(cohort.out, out)
    files = parquet_files(out)
    make_participants(healthpipe, participants, [("p15", 18, 15, "apple-zip", [])])
    summary = run_job(spark, participants, out, healthpipe, "--reports")
    assert (summary["ran"], summary["skipped"]) == (1, 14)
    now = parquet_files(out)
    for folder, file in files.items():
        if "participant=" in folder:
            assert now[folder] == file, folder  # the same file, not rewritten
    assert "daily/participant=p15" in now
    assert (out / "reports" / "p15.html").is_file()
    # The cohort tables now count p15 in the weeks it has data.
    weekly = spark.read.parquet(str(out / "cohort_weekly")).where(
        "metric = 'steps' AND category = ''"
    )
    before = spark.read.parquet(str(cohort.out / "cohort_weekly")).where(
        "metric = 'steps' AND category = ''"
    )
    assert sum(r["participants"] for r in weekly.collect()) > sum(
        r["participants"] for r in before.collect()
    )


def test_a_changed_input_and_a_removed_participant(cohort, spark, healthpipe, tmp_path):
    participants, out = tmp_path / "participants", tmp_path / "out"
    shutil.copytree(cohort.participants, participants)
    shutil.copytree(cohort.out, out)
    shutil.rmtree(participants / "p05")
    shutil.rmtree(participants / EMPTY)
    # p13's export is replaced by a good one: it runs again and its failure goes.
    shutil.copy(participants / "p01" / "export.zip", participants / TRUNCATED / "export.zip")
    summary = run_job(spark, participants, out, healthpipe, "--reports")
    assert (summary["ran"], summary["removed"], summary["failed"]) == (1, 2, 0)
    assert not (out / "daily" / "participant=p05").exists()
    assert not (out / "reports" / "p05.html").exists()
    assert (out / "daily" / f"participant={TRUNCATED}").is_dir()
    assert (out / "reports" / f"{TRUNCATED}.html").is_file()
    assert parquet_rows(spark, out, "failures") == []
    pids = {r["participant"] for r in spark.read.parquet(str(out / "state")).collect()}
    assert pids == set(GOOD) - {"p05"} | {TRUNCATED}


# --- the study's settings ---------------------------------------------------------------------


def test_the_pipeline_files_goals_and_priority_reach_every_participant(
    cohort, spark, healthpipe, tmp_path
):
    study = tmp_path / "study.pipeline"
    study.write_text(
        "# A study that asks for 2,000 steps a day and trusts the phone over the watch.\n"
        "[pipeline]\nname = study\ninputs = ignored/*\n\n"
        "[clean]\npriority = iPhone, Apple Watch, manual, *\n\n"
        "[goal.steps]\ncondition = steps >= 2000\n"
    )
    out = tmp_path / "out"
    summary = run_job(spark, cohort.participants, out, healthpipe, "--pipeline", str(study))
    assert summary["failed"] == 2
    default = {
        r["participant"]: r
        for r in parquet_rows(spark, cohort.out, "streaks")
        if r["goal"] == "steps"
    }
    study_rows = {
        r["participant"]: r for r in parquet_rows(spark, out, "streaks") if r["goal"] == "steps"
    }
    with_steps = sorted(default)
    assert len(with_steps) >= 10
    for pid in with_steps:
        assert default[pid]["description"] == "steps ≥ 8,000"
        assert study_rows[pid]["description"] == "steps ≥ 2,000", pid
        # A lower bar never gives fewer goal days, so the all-time streak cannot be shorter.
        assert study_rows[pid]["longestEver"] >= default[pid]["longestEver"], pid
    assert any(study_rows[p]["longestEver"] > default[p]["longestEver"] for p in with_steps)

    # Priority: where a participant has both, the watch's overlapping samples now lose to the
    # phone's.
    def overlapped(rows, pid, device):
        return sum(
            r["overlapped"]
            for r in rows
            if r["participant"] == pid
            and r["stage"] == "clean"
            and r["scope"] == "source"
            and r["key"].endswith(device)
        )

    before, after = parquet_rows(spark, cohort.out, "quality"), parquet_rows(spark, out, "quality")
    both = [p for p in GOOD if overlapped(before, p, "iPhone") > 0]
    assert len(both) >= 4
    for pid in both:
        assert overlapped(before, pid, "Watch") == 0 and overlapped(after, pid, "Watch") > 0, pid


def test_a_mistake_in_the_study_file_stops_the_job_at_its_line(
    cohort, spark, healthpipe, tmp_path, capsys
):
    study = tmp_path / "study.pipeline"
    study.write_text("[aggregate]\ngoals = active, steps\nweek_strat = sunday\n")
    code = main(
        [
            "--participants",
            str(cohort.participants),
            "--out",
            str(tmp_path / "out"),
            "--as-of",
            "latest",
            "--healthpipe",
            str(healthpipe),
            "--pipeline",
            str(study),
        ],
        spark,
    )
    assert code == 78
    err = capsys.readouterr().err
    assert f"{study}:3" in err and "week_strat" in err and "week_start" in err
    assert not (tmp_path / "out").exists()


def test_a_bad_command_line_is_a_usage_error(capsys):
    assert main(["--participants", "x", "--out", "y", "--as-of", "2026-02-30"]) == 64
    assert "as-of" in capsys.readouterr().err
    assert main(["--participants", "x", "--out", "y", "--as-of", "latest", "--log-level", "loud"]) == 64
    assert "--log-level" in capsys.readouterr().err


def test_the_log_level_defaults_to_warn_and_is_read_in_any_case():
    base = ["--participants", "x", "--out", "y", "--as-of", "latest"]
    assert parse(base).log_level == "WARN"
    assert parse(base + ["--log-level", "info"]).log_level == "INFO"


# --- inputs through Spark's reader, reports ---------------------------------------------------


def test_inputs_read_through_spark_give_the_same_tables(cohort, spark, healthpipe, tmp_path):
    # Glob characters in the folders' names must be taken literally by Spark's readers.
    participants = tmp_path / "exports[1]"
    for pid in ("p04", "p09", TRUNCATED):  # p04 and p09 have file names with spaces
        shutil.copytree(cohort.participants / pid, participants / pid)
    out = tmp_path / "out{a,b}"
    summary = run_job(spark, participants, out, healthpipe, "--fetch", "spark")
    assert summary["fetch"] == "spark" and (summary["ok"], summary["failed"]) == (2, 1)
    for table in ("daily", "streaks", "quality"):
        for pid in ("p04", "p09"):
            key = lambda r: tuple(str(r[k]) for k in sorted(r))  # noqa: E731
            assert sorted(parquet_rows(spark, out, table, pid), key=key) == sorted(
                parquet_rows(spark, cohort.out, table, pid), key=key
            ), (table, pid)
    failure = parquet_rows(spark, out, "failures")
    assert [(f["participant"], f["exitCode"]) for f in failure] == [(TRUNCATED, 65)]


def test_reports_are_written_for_every_participant_that_ran(cohort, own_runs):
    reports = sorted(p.name for p in (cohort.out / "reports").glob("*.html"))
    assert reports == sorted(f"{pid}.html" for pid in GOOD)
    for pid in GOOD:
        html = (cohort.out / "reports" / f"{pid}.html").read_text()
        assert html.startswith("<!DOCTYPE html>") and "Data through" in html


def test_the_schemas_are_healthpipes_own_columns(own_runs, healthpipe):
    import json
    import subprocess

    types = {
        "day": "DateType()",
        "string": "StringType()",
        "float64": "DoubleType()",
        "int64": "LongType()",
        "bool": "BooleanType()",
    }
    for table, columns in HEALTHPIPE_TABLES.items():
        out = subprocess.run(
            [
                str(healthpipe),
                "inspect",
                str(own_runs["p09"] / "aggregate" / f"{table}.hpt"),
                "--json",
            ],
            check=True,
            capture_output=True,
        ).stdout
        header = json.loads(out)["header"]["columns"]
        assert [(c["name"], types[c["type"]], c["nullable"]) for c in header] == [
            (n, repr(t), nullable) for n, t, nullable in columns
        ], table


def test_participants_fixture_is_as_documented():
    # 12 good participants with distinct seeds; the docstring and the failures test rely on it.
    assert len(PARTICIPANTS) == 12 and len({p[2] for p in PARTICIPANTS}) == 12


def test_compact_copies_hold_every_row_in_a_few_files(cohort, spark, healthpipe, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(cohort.out, out)
    summary = run_job(spark, cohort.participants, out, healthpipe, "--reports", "--compact", "3")
    assert summary["ran"] == 0  # nobody runs again: the copies are made from the tables
    key = lambda r: tuple(str(r[k]) for k in sorted(r))  # noqa: E731
    for table in ("daily", "quality", "failures"):
        files = list((out / "compact" / table).glob("*.parquet"))
        assert 1 <= len(files) <= 3, table
        rows = [
            {k: plain(v) for k, v in r.asDict().items()}
            for r in spark.read.parquet(str(out / "compact" / table)).collect()
        ]
        assert sorted(rows, key=key) == sorted(parquet_rows(spark, cohort.out, table), key=key), (
            table
        )
    before = {k: v for k, v in snapshot(spark, out).items() if k.startswith("compact")}
    run_job(spark, cohort.participants, out, healthpipe, "--reports", "--compact", "3", "--force")
    assert {k: v for k, v in snapshot(spark, out).items() if k.startswith("compact")} == before
