"""Shared fixtures: the healthpipe binary, a local Spark session (local[2]) and a generated
cohort of 14 participant folders run through the job once.

The binary: $HEALTHPIPE_STATIC (the toolchain-free build, see docs/scale-out.md), else
$HEALTHPIPE_BIN, else the repository's .build/static/release/healthpipe, else
.build/debug/healthpipe. The Swift end-to-end test (CohortSparkTests) passes both.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Cohort"))

pytest.importorskip(
    "pyspark", reason="pyspark is not installed (pip install -r Cohort/requirements.txt)"
)
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("no Java (apt-get install openjdk-17-jre-headless)", allow_module_level=True)

from pyspark.sql import SparkSession  # noqa: E402

from hpcohort.job import run  # noqa: E402
from hpcohort.options import parse  # noqa: E402


def _binary() -> Path | None:
    for candidate in (
        os.environ.get("HEALTHPIPE_STATIC"),
        os.environ.get("HEALTHPIPE_BIN"),
        REPO / ".build/static/release/healthpipe",
        REPO / ".build/debug/healthpipe",
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate).resolve()
    return None


@pytest.fixture(scope="session")
def healthpipe() -> Path:
    binary = _binary()
    if binary is None:
        pytest.skip("no healthpipe binary: swift build, or set HEALTHPIPE_BIN")
    return binary


@pytest.fixture(scope="session")
def spark():
    session = (
        SparkSession.builder.master("local[2]")
        .appName("healthpipe-cohort-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


# The 12 good participants: (id, days, seed, formats, extra sample options). Different
# seeds, lengths, formats, end dates and zones; p12 also holds a file healthpipe cannot read,
# so it is a partial success (exit 1).
PARTICIPANTS = [
    ("p01", 30, 1, "apple-zip", []),
    ("p02", 21, 2, "apple-xml", []),
    ("p03", 28, 3, "hae-json", []),
    ("p04", 35, 4, "hae-csv", []),
    ("p05", 14, 5, "long-csv", []),
    ("p06", 45, 6, "apple-zip,hae-json", []),
    ("p07", 60, 7, "apple-xml,long-csv", []),
    ("p08", 20, 8, "hae-csv,long-csv", []),
    ("p09", 40, 9, "apple-zip,hae-json,hae-csv,long-csv", []),
    ("p10", 50, 10, "apple-zip", ["--end", "2026-06-30"]),
    ("p11", 25, 11, "hae-json,hae-csv", ["--timezone", "Europe/Berlin"]),
    ("p12", 30, 12, "apple-zip", []),
]
GOOD = [p[0] for p in PARTICIPANTS]
TRUNCATED, EMPTY = "p13-truncated", "p14-empty"


def make_participants(healthpipe: Path, root: Path, which=PARTICIPANTS) -> None:
    """Writes the participant folders with `healthpipe sample`."""
    for pid, days, seed, formats, extra in which:
        folder = root / pid
        subprocess.run(
            [
                str(healthpipe),
                "sample",
                "--days",
                str(days),
                "--seed",
                str(seed),
                "--out",
                str(folder),
                "--formats",
                formats,
                "--density",
                "sample",
                "--quiet",
                *extra,
            ],
            check=True,
        )
        if pid == "p12":
            (folder / "notes.txt").write_text("not an export\n")


@dataclass
class Cohort:
    participants: Path
    out: Path
    summary: dict


def run_job(spark, participants: Path, out: Path, healthpipe: Path, *extra: str) -> dict:
    """The job in this process's Spark session, as spark-submit would run it."""
    args = [
        "--participants",
        str(participants),
        "--out",
        str(out),
        "--healthpipe",
        str(healthpipe),
        *extra,
    ]
    if "--as-of" not in extra:
        args += ["--as-of", "latest"]
    return run(spark, parse(args))


@pytest.fixture(scope="session")
def cohort(tmp_path_factory, healthpipe, spark) -> Cohort:
    """14 participant folders (12 good, one truncated zip, one empty) and one run of the job."""
    base = tmp_path_factory.mktemp("cohort")
    participants = base / "participants"
    make_participants(healthpipe, participants)
    (participants / TRUNCATED).mkdir()
    zipped = (participants / "p01" / "export.zip").read_bytes()
    (participants / TRUNCATED / "export.zip").write_bytes(zipped[: len(zipped) // 2])
    (participants / EMPTY).mkdir()
    out = base / "out"
    summary = run_job(spark, participants, out, healthpipe, "--reports")
    return Cohort(participants, out, summary)
