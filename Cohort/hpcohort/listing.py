"""The participants and their files, listed once on the driver.

One recursive listing of the whole participants folder through Spark's own file index
(`binaryFile` with only the path, length and modification time selected, so no file is
read): object stores list it with a few flat, paged requests instead of one per folder, and
Spark lists large trees in parallel on the cluster. Names starting with `.` or `_` at any
level are skipped, as Spark and Hadoop skip them (`.DS_Store`, `_SUCCESS`, `_temporary`).
Folders are listed once more, one level deep, so a participant folder with no files is
seen too.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyspark.sql import SparkSession

from .hadoop import HadoopFS
from .model import PARTICIPANT_ID, InputFile, Participant
from .writer import literal


class ListingError(Exception):
    """The participants folder itself cannot be listed (a job-level error)."""


@dataclass(frozen=True)
class Listing:
    """What the participants folder holds."""

    root: str  # qualified URI
    participants: tuple[Participant, ...]  # sorted by id; files sorted by path
    ignored: tuple[str, ...]  # files directly in the root folder (not a participant's)


def list_participants(spark: SparkSession, fs: HadoopFS, uri: str) -> Listing:
    """Lists `uri`: one subfolder per participant, named by the participant id."""
    if not fs.is_directory(uri):
        raise ListingError(f"{uri}: not a folder (or not found)")
    root = fs.qualify(uri).rstrip("/")
    folders = [
        name
        for name, is_dir in fs.list_directory(root)
        if is_dir and not name.startswith((".", "_"))
    ]
    files: dict[str, list[InputFile]] = {name: [] for name in folders}
    ignored: list[str] = []
    rows = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .load(literal(root))
        .selectExpr("path", "length", "unix_millis(modificationTime) AS modified")
        .collect()
    )
    prefix = root + "/"
    for row in rows:
        path = row["path"]
        if not path.startswith(prefix):  # a scheme spelt differently: name it, never guess
            raise ListingError(f"listed {path}, which is not under {root}")
        relative = path[len(prefix) :]
        if "/" not in relative:
            ignored.append(relative)
            continue
        pid, relpath = relative.split("/", 1)
        files.setdefault(pid, []).append(
            InputFile(relpath, path, int(row["length"]), int(row["modified"]))
        )
    participants = tuple(
        Participant(pid, prefix + pid, tuple(sorted(fs_, key=lambda f: f.relpath)))
        for pid, fs_ in sorted(files.items())
    )
    return Listing(root, participants, tuple(sorted(ignored)))


def unusable(participant: Participant) -> tuple[int, str] | None:
    """(exit code, message) for a participant the job cannot run, else None."""
    if not PARTICIPANT_ID.match(participant.pid):
        return 65, (
            f"participant folder name '{participant.pid}' has characters other than letters, "
            "digits and . _ @ + - (or starts with one of them, or is over 128 characters); "
            "rename the folder"
        )
    if not participant.files:
        return 66, "the participant folder has no files; put the participant's exports in it"
    return None
