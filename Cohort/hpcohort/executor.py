"""One participant on an executor: its inputs in a scratch folder, `healthpipe run` on them,
and every table read back as rows tagged with the participant id.

Nothing here raises for a participant's sake: whatever goes wrong (healthpipe's exit code,
a timeout, a binary that cannot start, a table that cannot be read back) becomes one
`failures` row, and the job goes on with the others. Exit 1 (some inputs failed or kept
nothing, the rest were processed) is a success whose failed inputs are `quality` rows with
their problem (docs/scale-out.md, "Exit codes").
"""

from __future__ import annotations

import datetime
import json
import os
import pickle
import re
import shutil
import signal
import stat
import subprocess
import tempfile
from typing import Iterable, Iterator

from .model import RunSettings, Task
from .quality import quality_rows
from .readback import ReadBackError, typed_rows
from .schemas import EXTRA_COLUMNS, HEALTHPIPE_TABLES
from .study import participant_pipeline

# What a task yields: (table, participant, its rows of that table pickled). The job reads
# the cached records once per table it writes; only that table's rows are unpickled then.
Record = tuple[str, str, bytes]


def pack(table: str, pid: str, rows: list) -> Record:
    """One participant's rows of one table as a record."""
    return table, pid, pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL)


def unpack(record: Record) -> list:
    """The rows of a record."""
    return pickle.loads(record[2])


# What the state row keeps of a failure that the same inputs would only repeat: the data's
# own fault (malformed 65, missing 66, invalid settings 78). Anything else (a timeout, I/O,
# a lock, a crash, a binary that cannot start) is tried again on the next run.
FINAL_FAILURES = {65, 66, 78}
TIMEOUT_EXIT = 124  # as timeout(1) reports it
MESSAGE_LIMIT = 4000


def locate_binary(settings: RunSettings, scratch: str) -> str:
    """The healthpipe binary on this executor: the copy Spark shipped (`--files` or
    `--healthpipe`), else the driver's path where this machine sees it, else `healthpipe` on
    PATH. A shipped copy that lost its executable bit is copied and made executable."""
    candidates = []
    try:
        from pyspark import SparkFiles

        candidates.append(SparkFiles.get(settings.binary_name))
    except Exception:  # not inside Spark (unit tests) or nothing shipped
        pass
    candidates += [settings.binary_path, shutil.which("healthpipe") or ""]
    for path in candidates:
        if path and os.path.isfile(path):
            if os.access(path, os.X_OK):
                return path
            copy = os.path.join(scratch, "healthpipe")
            if not os.path.exists(copy):
                shutil.copyfile(path, copy + ".tmp")
                os.chmod(copy + ".tmp", stat.S_IRWXU)
                os.replace(copy + ".tmp", copy)
            return copy
    return settings.binary_name  # fails to start: each participant gets a failures row saying so


def scratch_root(settings: RunSettings) -> tuple[str, bool]:
    """The folder for this task's participants, and whether it is temporary (removed after)."""
    if settings.scratch:
        os.makedirs(settings.scratch, exist_ok=True)
        return settings.scratch, False
    local = (os.environ.get("SPARK_LOCAL_DIRS") or "").split(",")[0] or None
    return tempfile.mkdtemp(prefix="healthpipe-cohort-", dir=local), True


def local_name(index: int, relpath: str) -> str:
    """The input's name in the scratch folder: its position and a name that no comma, glob
    character or space can break in a pipeline file's `inputs` list."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", relpath.replace("/", "__"))[-80:]
    return f"{index:04d}-{safe}"


def local_path(uri: str) -> str:
    """The local path of a `file:` URI (or of a plain path)."""
    if uri.startswith("file://"):
        return uri[len("file://") :]
    if uri.startswith("file:"):
        return uri[len("file:") :]
    return uri


def prepare_folder(pdir: str) -> str:
    """Makes `pdir/in` empty (stale inputs of a persistent scratch go) and returns it."""
    indir = os.path.join(pdir, "in")
    if os.path.isdir(indir):
        shutil.rmtree(indir)
    os.makedirs(indir)
    return indir


def link_inputs(task: Task, pdir: str) -> None:
    """Direct mode: each input linked into `pdir/in`, read in place by healthpipe."""
    indir = prepare_folder(pdir)
    for index, f in enumerate(task.participant.files):
        os.symlink(local_path(f.uri), os.path.join(indir, local_name(index, f.relpath)))


def run_direct(tasks: Iterable[Task], settings: RunSettings) -> Iterator[Record]:
    """Direct mode: every participant of this partition, inputs read where they are."""
    root, temporary = scratch_root(settings)
    try:
        binary = locate_binary(settings, root)
        for task in tasks:
            pdir = os.path.join(root, task.pid)
            try:
                link_inputs(task, pdir)
            except OSError as error:
                yield from failure(task, "fetch", 74, f"cannot link the inputs: {error}")
                continue
            yield from _process_once(task, pdir, settings, binary, temporary)
    finally:
        if temporary:
            shutil.rmtree(root, ignore_errors=True)


def _process_once(
    task: Task, pdir: str, settings: RunSettings, binary: str, temporary: bool
) -> Iterator[Record]:
    """`process`, then the participant's scratch folder goes unless it is kept (--scratch)."""
    yield from process(task, pdir, settings, binary)
    if temporary:
        shutil.rmtree(pdir, ignore_errors=True)


def run_fetched(
    tasks: list[Task], files: Iterable[tuple[str, tuple[str, bytes]]], settings: RunSettings
) -> Iterator[Record]:
    """Spark mode: this partition's files arrive through Spark's reader (any Hadoop file
    system) as (participant, (path in its folder, bytes)); each is written to its scratch
    folder, one at a time, with the source's modification time so healthpipe's stage cache
    holds in a persistent scratch. When every file is there, the participants run."""
    root, temporary = scratch_root(settings)
    try:
        binary = locate_binary(settings, root)
        by_pid = {t.pid: t for t in tasks}
        names = {
            t.pid: {f.relpath: (i, f) for i, f in enumerate(t.participant.files)} for t in tasks
        }
        problems: dict[str, str] = {}  # a scratch folder that cannot be written (disk full)
        for pid in by_pid:
            try:
                prepare_folder(os.path.join(root, pid))
            except OSError as error:
                problems[pid] = f"cannot prepare the scratch folder: {error}"
        arrived: dict[str, set[str]] = {pid: set() for pid in by_pid}
        for pid, (relpath, content) in files:
            if pid not in by_pid or relpath not in names[pid] or pid in problems:
                continue  # appeared after the listing (next run's), or already failed
            index, f = names[pid][relpath]
            path = os.path.join(root, pid, "in", local_name(index, relpath))
            try:
                with open(path, "wb") as out:
                    out.write(content)
                os.utime(path, ns=(f.modified * 1_000_000, f.modified * 1_000_000))
            except OSError as error:
                problems[pid] = f"cannot write {relpath} to the scratch folder: {error}"
                continue
            arrived[pid].add(relpath)
        for pid in sorted(by_pid):
            task = by_pid[pid]
            missing = [r for r in names[pid] if r not in arrived[pid]]
            if pid in problems or missing:
                # An I/O error (74), tried again on the next run.
                message = problems.get(pid) or (
                    f"{len(missing)} file(s) listed but not read, first: {missing[0]} "
                    "(removed while the job ran?)"
                )
                yield from failure(task, "fetch", 74, message)
                continue
            yield from _process_once(task, os.path.join(root, pid), settings, binary, temporary)
    finally:
        if temporary:
            shutil.rmtree(root, ignore_errors=True)


def failure(
    task: Task,
    stage: str,
    code: int,
    message: str,
    crc: dict | None = None,
    as_of=None,
    version: str = "",
) -> Iterator[Record]:
    """A participant that failed: its `failures` row and its state row."""
    yield pack("failures", task.pid, [(task.pid, stage, int(code), message[:MESSAGE_LIMIT])])
    yield pack("state", task.pid, [state_row(task, "failed", code, as_of, version, crc or {})])


def state_row(task: Task, status: str, code: int, as_of, version: str, crc: dict) -> tuple:
    inputs = [
        {"path": f.relpath, "size": f.size, "modified": f.modified, "crc32": crc.get(f.relpath, "")}
        for f in task.participant.files
    ]
    return (
        task.pid,
        task.fingerprint,
        status,
        int(code),
        as_of,
        version,
        json.dumps(inputs, sort_keys=True, separators=(",", ":")),
    )


def _error_text(stderr: str) -> str:
    """healthpipe's error and hint lines (else the end of what it printed)."""
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    chosen = [
        ln.removeprefix("healthpipe: error: ")
        for ln in lines
        if ln.startswith("healthpipe: error:") or ln.startswith("hint:")
    ]
    return "\n".join(chosen or lines[-20:]) or "(healthpipe printed nothing)"


def process(task: Task, pdir: str, settings: RunSettings, binary: str) -> Iterator[Record]:
    """Runs healthpipe for one participant whose inputs are in `pdir/in`; yields its rows."""
    files = task.participant.files
    names = [local_name(i, f.relpath) for i, f in enumerate(files)]
    pipeline = participant_pipeline(
        settings.study, task.pid, [f"in/{n}" for n in names], settings.timezone
    )
    pipeline_path = os.path.join(pdir, "participant.pipeline")
    try:
        with open(pipeline_path, "w", encoding="utf-8") as out:
            out.write(pipeline.text)
    except OSError as error:
        yield from failure(task, "run", 74, f"cannot write the pipeline file: {error}")
        return

    # Paths healthpipe prints (the link, or the file it points to) -> the name in the folder.
    to_relpath: dict[str, str] = {}
    for name, f in zip(names, files, strict=True):
        link = os.path.join(pdir, "in", name)
        for p in {link, os.path.realpath(link), os.path.abspath(link), local_path(f.uri)}:
            to_relpath[p] = f.relpath

    def input_name(path: str) -> str:
        return (
            to_relpath.get(path) or to_relpath.get(os.path.realpath(path)) or os.path.basename(path)
        )

    def explain(text: str) -> str:
        text = pipeline.explain(text, pipeline_path)
        for p in sorted(to_relpath, key=len, reverse=True):
            text = text.replace(p, to_relpath[p])
        return text.replace(pdir + "/", "")

    work = os.path.join(pdir, "work")
    command = [binary, "run", pipeline_path, "--as-of", settings.as_of, "--quiet"]
    command += ["--threads", str(settings.threads)]
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            timeout=settings.timeout or None,
            env=dict(os.environ, NO_COLOR="1"),
        )
        code, stderr = result.returncode, result.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        yield from failure(
            task,
            _failed_stage(work),
            TIMEOUT_EXIT,
            f"healthpipe run took longer than {settings.timeout:g} s (--timeout)",
        )
        return
    except OSError as error:  # missing, not executable, wrong architecture, missing libraries
        yield from failure(
            task,
            "run",
            126 if os.path.exists(binary) else 127,
            f"cannot start healthpipe ({binary}): {error}",
        )
        return
    if code < 0:  # killed by a signal: reported as the shell does, 128 + the signal
        stderr += f"\nhealthpipe was killed by {signal.Signals(-code).name}"
        code = 128 - code
    summary = _summary(work)
    version = summary.get("toolVersion", "")
    if code not in (0, 1):
        yield from failure(
            task, _failed_stage(work), code, explain(_error_text(stderr)), version=version
        )
        return

    try:
        rows: dict[str, list] = {}
        aggregate = os.path.join(work, "aggregate")
        manifest = _json(os.path.join(work, "aggregate.manifest.json"))
        as_of_day = datetime.date.fromisoformat(manifest["settings"]["asOf"])
        for table, columns in HEALTHPIPE_TABLES.items():
            extra = tuple(as_of_day for _ in EXTRA_COLUMNS.get(table, []))
            rows[table] = [
                (task.pid, *row, *extra)
                for row in typed_rows(binary, os.path.join(aggregate, f"{table}.hpt"), columns)
            ]
        rows["quality"] = quality_rows(task.pid, binary, work, input_name)
        crc = {}
        for item in _json(os.path.join(work, "samples.hpt.manifest.json")).get("inputs", []):
            crc[input_name(item["path"])] = item.get("crc32", "")
        if settings.reports:
            report = summary.get("delivery", {}).get("path") or os.path.join(
                work, "report", "report.html"
            )
            with open(report, "rb") as f:
                rows["report"] = [(task.pid, f.read())]
    except ReadBackError as error:
        yield from failure(task, "export", error.exit_code, explain(str(error)), version=version)
        return
    except Exception as error:  # anything else: this participant's row, never a failed job
        message = f"cannot read healthpipe's outputs back: {type(error).__name__}: {error}"
        yield from failure(task, "export", 70, explain(message), version=version)
        return
    for table, table_rows in rows.items():
        if table_rows:
            yield pack(table, task.pid, table_rows)
    status = "partial" if code == 1 else "ok"
    yield pack("state", task.pid, [state_row(task, status, code, as_of_day, version, crc)])


def _json(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _summary(work: str) -> dict:
    try:
        return _json(os.path.join(work, "run-summary.json"))
    except (OSError, ValueError):
        return {}


def _failed_stage(work: str) -> str:
    """The stage the run summary names as failed (else "run": the file or the lock)."""
    for stage in _summary(work).get("stages", []):
        if stage.get("status") == "failed":
            return stage.get("stage", "run")
    return "run"
