"""The values the driver plans with and ships to the executors (all picklable, immutable)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .study import StudySettings

# A participant id is its folder's name. It names a Parquet partition, a report file and a
# scratch folder, and is passed to Spark's file reader as part of a path, so it is kept to
# characters that mean nothing to any of them (no commas, globs, slashes or leading dots).
PARTICIPANT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$")


@dataclass(frozen=True)
class InputFile:
    """One file of a participant's folder."""

    relpath: str  # path inside the participant's folder, "/"-separated
    uri: str  # as the file system names it (file:/..., hdfs://..., s3a://...)
    size: int
    modified: int  # milliseconds since 1970


@dataclass(frozen=True)
class Participant:
    """A participant folder and its files (sorted by path)."""

    pid: str
    uri: str
    files: tuple[InputFile, ...]

    @property
    def total_bytes(self) -> int:
        return sum(f.size for f in self.files)


@dataclass(frozen=True)
class Task:
    """A participant to run, with the fingerprint its state row will record."""

    participant: Participant
    fingerprint: str

    @property
    def pid(self) -> str:
        return self.participant.pid


@dataclass(frozen=True)
class RunSettings:
    """What every executor needs to run healthpipe for a participant."""

    binary_name: str  # the file name under SparkFiles (shipped with --files or --healthpipe)
    binary_path: str  # the driver's path, used where the executors see the same file system
    study: StudySettings
    as_of: str  # yyyy-MM-dd or latest
    timezone: str
    reports: bool
    timeout: float  # seconds per participant; 0 = none
    scratch: str  # persistent scratch root on each executor, "" = a temporary folder
    direct: bool  # inputs are read in place (a path every executor sees)
    # healthpipe's --threads: the cores a task holds (spark.task.cpus), so one task never
    # takes a second core its executor gave to another; no output depends on it
    threads: int = 1
