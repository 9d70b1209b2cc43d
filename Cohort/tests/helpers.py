"""Independent ways to get the expected values: healthpipe run by hand on one participant's
folder (its own pipeline file, written here, not by the job), its tables exported as NDJSON,
and the job's Parquet files read back."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
from pathlib import Path

from hpcohort.writer import read_participant_table


def own_run(healthpipe: Path, folder: Path, work: Path, settings: str = "") -> int:
    """`healthpipe run` on every file of one participant's folder, as a user would run it."""
    work.mkdir(parents=True, exist_ok=True)
    pipeline = work / "own.pipeline"
    pipeline.write_text(
        "[pipeline]\n"
        f"name = own\ninputs = {folder}/*\nwork = {work}/work\ntimezone = UTC\nas_of = latest\n"
        + settings
    )
    result = subprocess.run([str(healthpipe), "run", str(pipeline), "--quiet"], capture_output=True)
    return result.returncode


def export(healthpipe: Path, table: Path) -> list[dict]:
    out = subprocess.run(
        [str(healthpipe), "export", str(table), "--format", "ndjson"],
        check=True,
        capture_output=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def plain(value):
    """A Parquet value as healthpipe's NDJSON writes it (dates as yyyy-MM-dd)."""
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def parquet_rows(spark, out: Path, table: str, pid: str | None = None) -> list[dict]:
    """The job's rows of a participant table (all participants, or one), as plain dicts."""
    df = read_participant_table(spark, str(out), table)
    if pid is not None:
        df = df.where(df.participant == pid)
    return [{k: plain(v) for k, v in row.asDict().items()} for row in df.collect()]


def snapshot(spark, out: Path) -> dict[str, list[list[tuple]]]:
    """Every Parquet file under `out`, by its folder (files in name order, which begins with
    the part number), with its rows in file order."""
    files: dict[str, list[list[tuple]]] = {}
    for folder, _, names in sorted(os.walk(out)):
        for name in sorted(n for n in names if n.endswith(".parquet")):
            rows = spark.read.parquet(os.path.join(folder, name)).collect()
            files.setdefault(os.path.relpath(folder, out), []).append([tuple(r) for r in rows])
    return files


def parquet_files(out: Path) -> dict[str, list[tuple[str, int]]]:
    """Each folder's Parquet files: (file name, modification time in ns)."""
    found: dict[str, list[tuple[str, int]]] = {}
    for folder, _, names in os.walk(out):
        for name in sorted(n for n in names if n.endswith(".parquet")):
            found.setdefault(os.path.relpath(folder, out), []).append(
                (name, os.stat(os.path.join(folder, name)).st_mtime_ns)
            )
    return found
