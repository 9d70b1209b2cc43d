"""The `quality` rows of one participant: what each stage read, kept and dropped, and why.

Built from healthpipe's own accounting, never recounted from the data:

- the stage manifests (`samples.hpt.manifest.json`, `clean.hpt.manifest.json`,
  `aggregate.manifest.json`): per stage totals and, for ingest, per input file
  (`read = kept + rejected`);
- the rejects tables (`rejects-ingest.hpt`, `rejects-clean.hpt`): one row per dropped record
  with its reason code, counted by input file (ingest) and by source (clean);
- the rejects tables' headers: each input's problem (failed as a whole, or nothing kept), and
  `clean.sources`, the samples clean read per source.

Rows (scope, key): (`total`, "") per stage; (`input`, file) per input of ingest, and per
input clean named as keeping nothing; (`source`, name) per source of clean, where
`read = kept + rejected + duplicates + overlapped` by construction. Input files are named by
their path inside the participant's folder.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import Callable

from .readback import count_rows, header


def _row(
    pid,
    stage,
    scope,
    key,
    read,
    kept,
    rejected=0,
    duplicates=0,
    overlapped=0,
    reasons=None,
    problem=None,
    problem_code=None,
) -> tuple:
    return (
        pid,
        stage,
        scope,
        key,
        int(read),
        int(kept),
        int(rejected),
        int(duplicates),
        int(overlapped),
        dict(sorted((reasons or {}).items())),
        problem,
        problem_code,
    )


def _manifest(work: str, name: str) -> dict:
    with open(os.path.join(work, name), encoding="utf-8") as f:
        return json.load(f)


def quality_rows(pid: str, binary: str, work: str, input_name: Callable[[str], str]) -> list[tuple]:
    """Every quality row of the participant whose healthpipe work folder is `work`.

    `input_name` turns a path healthpipe reports into the file's name in the participant folder."""
    rows: list[tuple] = []
    rejects_ingest = os.path.join(work, "rejects-ingest.hpt")
    rejects_clean = os.path.join(work, "rejects-clean.hpt")

    # Inputs in healthpipe's order, with their problems (the clean header carries ingest's
    # inputs and problems forward, plus its own, and lists samples.hpt last).
    inputs: dict[int, dict] = {}
    for table in (rejects_ingest, rejects_clean):
        for item in header(binary, table).get("inputs", []):
            if item.get("format") == "samples":
                continue
            known = inputs.setdefault(item["index"], dict(item, problems=[]))
            problem = item.get("problem")
            if problem and problem not in known["problems"]:
                known["problems"].append(problem)

    # Ingest: totals and per input from the manifest, reasons from the rejects table.
    ingest = _manifest(work, "samples.hpt.manifest.json")
    by_file: dict[int, Counter] = {}
    for (file, code), count in count_rows(binary, rejects_ingest, ["file", "code"]).items():
        by_file.setdefault(int(file), Counter())[code] += count
    total_reasons: Counter = Counter()
    for counts in by_file.values():
        total_reasons.update(counts)
    per_input = {r["key"]: r["counts"] for r in ingest["reconciliation"] if r["scope"] == "input"}
    for index in sorted(inputs):
        item = inputs[index]
        counts = per_input.get(item["path"], {})
        ingest_problem = next((p for p in item["problems"] if p.get("stage") == "ingest"), None)
        rows.append(
            _row(
                pid,
                "ingest",
                "input",
                input_name(item["path"]),
                counts.get("read", 0),
                counts.get("kept", 0),
                counts.get("rejected", 0),
                reasons=by_file.get(index, {}),
                problem=ingest_problem and ingest_problem["message"],
                problem_code=ingest_problem and ingest_problem.get("exitCode"),
            )
        )
        for problem in item["problems"]:
            if problem.get("stage") not in (None, "ingest"):
                rows.append(
                    _row(
                        pid,
                        problem["stage"],
                        "input",
                        input_name(item["path"]),
                        0,
                        0,
                        problem=problem["message"],
                        problem_code=problem.get("exitCode"),
                    )
                )
    totals = ingest["totals"]
    rows.append(
        _row(
            pid,
            "ingest",
            "total",
            "",
            totals.get("read", 0),
            totals.get("kept", 0),
            totals.get("rejected", 0),
            reasons=total_reasons,
        )
    )

    # Clean: totals from the manifest, per source from the rejects and the kept counts.
    clean = _manifest(work, "clean.hpt.manifest.json")["totals"]
    clean_reasons = {
        key[len("rejected.") :]: value
        for key, value in clean.items()
        if key.startswith("rejected.")
    }
    rows.append(
        _row(
            pid,
            "clean",
            "total",
            "",
            clean.get("read", 0),
            clean.get("cleaned", 0),
            clean.get("rejected", 0),
            clean.get("duplicate", 0),
            clean.get("overlapped", 0),
            clean_reasons,
        )
    )
    dropped: dict[str, Counter] = {}
    for (source, code), count in count_rows(binary, rejects_clean, ["source", "code"]).items():
        dropped.setdefault(source, Counter())[code] += count
    # The header's `facts.clean.sources` counts the samples clean read from each source
    # (docs/report-inputs.md, "Table facts"); the rejects table says what it dropped of them,
    # so what it kept is the difference.
    read: Counter = Counter()
    clean_facts = header(binary, rejects_clean).get("facts", {}).get("clean") or {}
    for source in clean_facts.get("sources") or []:
        read[source["name"]] += int(source["samples"])
    for source in sorted(set(read) | set(dropped)):
        codes = dropped.get(source, Counter())
        duplicates, overlapped = codes.get("duplicate", 0), codes.get("overlapped", 0)
        reasons = {c: n for c, n in codes.items() if c not in ("duplicate", "overlapped")}
        rejected = sum(reasons.values())
        kept = read[source] - rejected - duplicates - overlapped
        rows.append(
            _row(
                pid,
                "clean",
                "source",
                source,
                read[source],
                kept,
                rejected,
                duplicates,
                overlapped,
                reasons,
            )
        )

    # Aggregate: samples used, and those after the as-of date or not aggregated.
    aggregate = _manifest(work, "aggregate.manifest.json")
    total = next(r["counts"] for r in aggregate["reconciliation"] if r["scope"] == "total")
    rows.append(
        _row(
            pid,
            "aggregate",
            "total",
            "",
            total.get("read", 0),
            total.get("used", 0),
            total.get("afterAsOf", 0) + total.get("ignored", 0),
            reasons={"after-as-of": total.get("afterAsOf", 0), "ignored": total.get("ignored", 0)},
        )
    )
    return rows
