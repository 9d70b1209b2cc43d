"""What the driver settles before any participant runs: this package and the healthpipe binary
on the executors, the study's settings checked by healthpipe itself, the as-of date."""

from __future__ import annotations

import datetime
import hashlib
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from pyspark import SparkContext

from .hadoop import HadoopFS
from .study import StudyFileError, StudySettings, participant_pipeline

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class BinaryError(Exception):
    """No usable healthpipe binary (a job-level error)."""


def ship_package(sc: SparkContext) -> None:
    """Sends this package to the executors (spark-submit ships only the main script); once
    per SparkContext, as Spark refuses a second file of the same name."""
    if "hpcohort.zip" in sc._python_includes or not os.path.isdir(PACKAGE_DIR):
        return  # shipped already, or loaded from an archive given to --py-files (cluster mode)
    folder = tempfile.mkdtemp(prefix="hpcohort-")
    archive = os.path.join(folder, "hpcohort.zip")
    with zipfile.ZipFile(archive, "w") as z:
        for name in sorted(os.listdir(PACKAGE_DIR)):
            if name.endswith(".py"):
                z.write(os.path.join(PACKAGE_DIR, name), f"hpcohort/{name}")
    sc.addPyFile(archive)


@dataclass(frozen=True)
class Binary:
    """The healthpipe binary the executors run."""

    name: str  # file name under SparkFiles on the executors
    driver_path: str  # a copy the driver can run ("" when it has none)
    identity: str  # changes whenever the binary does (part of the state's fingerprint)
    version: str


def _local(uri: str) -> str | None:
    if "://" not in uri and not uri.startswith("file:"):
        return os.path.abspath(uri)
    if uri.startswith("file:"):
        return uri[len("file://") :] if uri.startswith("file://") else uri[len("file:") :]
    return None


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _version(path: str) -> str:
    try:
        out = subprocess.run([path, "version"], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BinaryError(f"{path} cannot be run on the driver: {error}") from error
    if out.returncode != 0:
        raise BinaryError(
            f"{path} version exited {out.returncode}: "
            + out.stderr.decode("utf-8", "replace").strip()
        )
    return out.stdout.decode().strip().split()[-1]


def resolve_binary(sc: SparkContext, fs: HadoopFS, healthpipe: str | None) -> Binary:
    """`--healthpipe PATH` (shipped here), else a file named `healthpipe` in spark-submit's
    `--files`, else `healthpipe` on the driver's PATH (shipped here)."""
    uri = healthpipe
    shipped = False
    if uri is None:
        listed = [f for f in (sc.getConf().get("spark.files") or "").split(",") if f]
        uri = next((f for f in listed if os.path.basename(f.rstrip("/")) == "healthpipe"), None)
        shipped = uri is not None
    if uri is None:
        found = shutil.which("healthpipe")
        if found is None:
            raise BinaryError(
                "no healthpipe binary: pass --healthpipe PATH, "
                "or spark-submit --files PATH/healthpipe "
                "(build it with: swift build -c release --static-swift-stdlib --product healthpipe)"
            )
        uri = found
    name = os.path.basename(uri.rstrip("/"))
    local = _local(uri)
    if local is not None:
        if not os.path.isfile(local):
            raise BinaryError(f"{local}: no such file (--healthpipe)")
        if not shipped:
            sc.addFile(local)
        return Binary(name, local, _sha256(local), _version(local))
    if not shipped:
        sc.addFile(uri)  # any URI Spark can fetch (hdfs://, s3a://, https://)
    size, modified = fs.modification(uri)
    return Binary(name, "", f"{uri}:{size}:{modified}", "unknown (not run on the driver)")


def check_study(binary: Binary, study: StudySettings, timezone: str, as_of: str) -> None:
    """Has healthpipe check the study's settings once, on the driver (`run --plan`, the same
    checks as `run`), so a mistake stops the job with the study file's line instead of
    failing every participant. Skipped when the driver cannot run the binary."""
    if not binary.driver_path:
        return
    folder = tempfile.mkdtemp(prefix="hpcohort-check-")
    try:
        os.makedirs(os.path.join(folder, "in"))
        open(os.path.join(folder, "in", "0000-check"), "wb").close()
        pipeline = participant_pipeline(study, "check", ["in/0000-check"], timezone)
        path = os.path.join(folder, "participant.pipeline")
        with open(path, "w", encoding="utf-8") as f:
            f.write(pipeline.text)
        out = subprocess.run(
            [binary.driver_path, "run", path, "--plan", "--as-of", as_of, "--quiet"],
            capture_output=True,
            timeout=60,
        )
        if out.returncode == 78:
            message = pipeline.explain(out.stderr.decode("utf-8", "replace").strip(), path)
            raise StudyFileError(message)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def resolve_as_of(as_of: str, timezone: str) -> str:
    """`today`/`yesterday` become one date for every participant, on the driver's clock in
    `timezone` (healthpipe's `HEALTHPIPE_NOW`, epoch seconds, replaces the clock in tests);
    a date and `latest` pass through (`latest` is each participant's own last day)."""
    if as_of not in ("today", "yesterday"):
        return as_of
    zone = ZoneInfo(timezone)
    now = os.environ.get("HEALTHPIPE_NOW")
    instant = (
        datetime.datetime.fromtimestamp(float(now), zone) if now else datetime.datetime.now(zone)
    )
    day = instant.date() - datetime.timedelta(days=1 if as_of == "yesterday" else 0)
    return day.isoformat()
