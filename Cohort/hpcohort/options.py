"""The job's command line."""

from __future__ import annotations

import argparse
import datetime
import re
from dataclasses import dataclass

USAGE_EXAMPLES = """examples:
  spark-submit --master local[2] Cohort/cohort_job.py \\
      --participants exports/ --out cohort/ --as-of latest
  spark-submit --master yarn --files healthpipe Cohort/cohort_job.py \\
      --participants hdfs:///study/exports --out hdfs:///study/cohort --as-of yesterday \\
      --pipeline hdfs:///study/study.pipeline --reports

Outputs, reruns, the exit codes and running on a cluster: docs/scale-out.md."""


LOG_LEVELS = ("ALL", "TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL", "OFF")


class UsageError(Exception):
    """A bad command line (exit 64, as healthpipe's)."""


@dataclass(frozen=True)
class JobOptions:
    """Everything the command line says."""

    participants: str
    out: str
    as_of: str  # yyyy-MM-dd, latest, today or yesterday (resolved by the job)
    pipeline: str | None
    healthpipe: str | None
    reports: bool
    fetch: str  # auto | direct | spark
    scratch: str
    partitions: int  # 0 = chosen from the cluster's parallelism
    timeout: float
    timezone: str | None
    compact: int  # files per table under compact/ (0 = none)
    force: bool
    json: bool
    log_level: str  # Spark's log level once the session is up (the job's own session only)


def _as_of(value: str) -> str:
    if value in ("latest", "today", "yesterday"):
        return value
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            datetime.date.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(
        f"must be yyyy-MM-dd, latest, today or yesterday, not '{value}'"
    )


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # exit 64 (EX_USAGE) like healthpipe, not argparse's 2
        raise UsageError(f"{self.prog}: {message}\n{self.format_usage()}")


def parse(argv: list[str]) -> JobOptions:
    """Parses the job's arguments (spark-submit passes everything after the script)."""
    p = _Parser(
        prog="cohort_job.py",
        description="healthpipe for every participant of a cohort, on Apache Spark: one "
        "subfolder of exports per participant in, Parquet tables out.",
        epilog=USAGE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--participants",
        required=True,
        metavar="URI",
        help="folder with one subfolder of exports per participant (any file system Spark reads)",
    )
    p.add_argument("--out", required=True, metavar="URI", help="folder for the Parquet tables")
    p.add_argument(
        "--as-of",
        required=True,
        type=_as_of,
        metavar="DATE",
        help="yyyy-MM-dd, latest (each participant's last day with data), today or yesterday",
    )
    p.add_argument(
        "--pipeline",
        metavar="FILE",
        help="the study's settings: a healthpipe pipeline file "
        "(priority, goals, pinned, week start)",
    )
    p.add_argument(
        "--healthpipe",
        metavar="PATH",
        help="the healthpipe binary to ship to the executors (default: a file named "
        "healthpipe given to spark-submit --files, else healthpipe on the executors' PATH)",
    )
    p.add_argument("--reports", action="store_true", help="also write reports/<id>.html")
    p.add_argument(
        "--fetch",
        choices=["auto", "direct", "spark"],
        default="auto",
        help="direct: executors read the inputs in place (a file: path every executor "
        "sees); spark: through Spark's reader (any URI); auto: direct for file:, else spark",
    )
    p.add_argument(
        "--scratch",
        default="",
        metavar="DIR",
        help="a local folder on every executor kept between runs (healthpipe's stage "
        "cache then skips unchanged stages); default: a temporary folder per task",
    )
    p.add_argument(
        "--partitions",
        type=int,
        default=0,
        metavar="N",
        help="tasks to spread the participants over (default: 4 per core)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=3600,
        metavar="SECONDS",
        help="longest healthpipe run per participant (default 3600; 0 = none)",
    )
    p.add_argument(
        "--timezone",
        metavar="ZONE",
        help="zone for times without an offset and for today/yesterday (default: the "
        "study file's timezone, else UTC)",
    )
    p.add_argument(
        "--compact",
        type=int,
        default=0,
        metavar="N",
        help="also write compact/<table>/ with every participant's rows in N files",
    )
    p.add_argument(
        "--force", action="store_true", help="redo every participant, whatever the state says"
    )
    p.add_argument("--json", action="store_true", help="print the run summary as JSON on stdout")
    p.add_argument(
        "--log-level",
        type=str.upper,
        choices=LOG_LEVELS,
        default="WARN",
        metavar="LEVEL",
        help="Spark's log level once the job runs, so its summary line is not lost among "
        "Spark's INFO lines (default WARN; INFO gives Spark's own default back)",
    )
    a = p.parse_args(argv)
    if a.partitions < 0:
        p.error("--partitions must be 0 or more")
    if a.compact < 0:
        p.error("--compact must be 0 or more")
    if a.timeout < 0:
        p.error("--timeout must be 0 or more")
    return JobOptions(
        participants=a.participants,
        out=a.out.rstrip("/") or a.out,
        as_of=a.as_of,
        pipeline=a.pipeline,
        healthpipe=a.healthpipe,
        reports=a.reports,
        fetch=a.fetch,
        scratch=a.scratch,
        partitions=a.partitions,
        timeout=a.timeout,
        timezone=a.timezone,
        compact=a.compact,
        force=a.force,
        json=a.json,
        log_level=a.log_level,
    )
