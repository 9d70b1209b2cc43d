"""Which participants to run, and which task runs each.

A participant is run again only when something its results depend on changed since the
state row of its last run: a file of its folder appeared, went, or changed size or
modification time; the study's settings, the as-of date, the time zone, the healthpipe
binary, `--reports`, the fetch mode or this job's own version changed. That is the rule
healthpipe's own stage stamps use for a file (size and modification time, without reading
it again); the state also records each input's CRC-32 as healthpipe read it. A failure the
same inputs would only repeat (exit 65, 66, 78) is not retried; any other failure is.

Tasks are balanced by input size (longest-processing-time first: the largest participant
goes to the least loaded task), so one very large export does not hold up a task full of
others, and the run does not wait on a straggler made of several large ones.
"""

from __future__ import annotations

import hashlib
import heapq
import json
from dataclasses import dataclass

from .executor import FINAL_FAILURES
from .model import Participant, Task

JOB_VERSION = "1"  # bump when the job's own output for the same healthpipe output changes

# A participant's fixed cost (starting healthpipe and reading its tables back), as bytes of
# input, so many tiny participants still spread over the tasks.
FIXED_COST_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class Previous:
    """A participant's state row from the last run."""

    fingerprint: str
    status: str
    exit_code: int


def fingerprint(participant: Participant, settings_key: str) -> str:
    """A digest of everything the participant's results depend on."""
    files = [[f.relpath, f.size, f.modified] for f in participant.files]
    text = json.dumps([JOB_VERSION, settings_key, participant.pid, files], separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def needs_run(task: Task, previous: Previous | None, force: bool) -> bool:
    """Whether the participant must run (or, if unusable, have its failure written) again."""
    if force or previous is None or previous.fingerprint != task.fingerprint:
        return True
    return previous.status == "failed" and previous.exit_code not in FINAL_FAILURES


def assign(tasks: list[Task], partitions: int) -> list[list[Task]]:
    """Spreads the tasks over `partitions` lists, balancing the input bytes (LPT)."""
    count = max(1, min(partitions, len(tasks)))
    loads = [(0, i) for i in range(count)]
    heapq.heapify(loads)
    plan: list[list[Task]] = [[] for _ in range(count)]
    for task in sorted(tasks, key=lambda t: (-t.participant.total_bytes, t.pid)):
        load, index = heapq.heappop(loads)
        plan[index].append(task)
        heapq.heappush(loads, (load + task.participant.total_bytes + FIXED_COST_BYTES, index))
    return [sorted(p, key=lambda t: t.pid) for p in plan]
