"""Benchmark of the cohort job: the same N participants run by healthpipe in a plain shell loop
(one at a time, and two at a time with xargs -P 2) and by the Spark job in local[1] and
local[2], all in one run on the same generated exports.

    python3 Cohort/bench.py                       # 200 one-year exports (full density)
    python3 Cohort/bench.py --participants 40     # a smaller run
    python3 Cohort/bench.py --participants 40 --json bench.json --keep --repeat 3

Reports participants per minute, the speed-up from local[1] to local[2], Spark's overhead
against the shell loop, the job's fixed cost (a run with one participant) and healthpipe's
peak RSS per participant. It times whole commands (spark-submit included), in rounds that
interleave the configurations (best and median of --repeat), and never asserts anything:
docs/scale-out.md has the figures and how to read them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
JOB = REPO / "Cohort" / "cohort_job.py"


def binary(path: str | None) -> Path:
    for candidate in (
        path,
        REPO / ".build/static/release/healthpipe",
        REPO / ".build/release/healthpipe",
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate).resolve()
    sys.exit(
        "no healthpipe binary: swift build -c release --static-swift-stdlib --product healthpipe "
        "--scratch-path .build/static, or pass --healthpipe PATH"
    )


def generate(healthpipe: Path, root: Path, count: int, days: int, density: str) -> None:
    """participants/b0001 ... with one Apple export.zip each (seed = the number)."""
    marker = root.parent / f"generated-{count}-{days}-{density}"
    if marker.exists():
        return
    if root.exists():
        shutil.rmtree(root)
    for old in root.parent.glob("generated-*"):
        old.unlink()
    for i in range(1, count + 1):
        subprocess.run(
            [
                str(healthpipe),
                "sample",
                "--days",
                str(days),
                "--seed",
                str(i),
                "--out",
                str(root / f"b{i:04d}"),
                "--formats",
                "apple-zip",
                "--density",
                density,
                "--quiet",
            ],
            check=True,
        )
    marker.touch()


def timed(command: list[str], **kwargs) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    return time.perf_counter() - start, result


LOOPS = {
    "loop": 'for f in "$1"/*.pipeline; do "$2" run "$f" --as-of latest --quiet --force; done',
    "loop -P 2": 'ls "$1"/*.pipeline | xargs -P 2 -I{} "$2" run {} --as-of latest --quiet --force',
}


def loop_pipelines(participants: Path, work: Path) -> Path:
    """One pipeline file per participant, as the job writes them (all its files, UTC)."""
    pipelines = work / "pipelines"
    if pipelines.exists():
        shutil.rmtree(pipelines)
    pipelines.mkdir(parents=True)
    for folder in sorted(p for p in participants.iterdir() if p.is_dir()):
        (pipelines / f"{folder.name}.pipeline").write_text(
            f"[pipeline]\nname = {folder.name}\ninputs = {folder}/*\n"
            f"work = {work}/loop/{folder.name}\n"
            "timezone = UTC\n[report]\nformat = html\n"
        )
    return pipelines


def shell_loop(healthpipe: Path, pipelines: Path, name: str) -> float:
    """healthpipe run for each participant from sh (every stage forced)."""
    seconds, result = timed(["sh", "-c", LOOPS[name], "sh", str(pipelines), str(healthpipe)])
    if result.returncode != 0:
        sys.exit(f"{name} failed: {result.stderr[-2000:]}")
    return seconds


def spark_job(healthpipe: Path, participants: Path, out: Path, master: str) -> tuple[float, dict]:
    if out.exists():
        shutil.rmtree(out)
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    spark_submit = shutil.which("spark-submit") or str(Path(sys.executable).parent / "spark-submit")
    seconds, result = timed(
        [
            spark_submit,
            "--master",
            master,
            "--driver-memory",
            "2g",
            "--conf",
            "spark.ui.enabled=false",
            "--conf",
            "spark.ui.showConsoleProgress=false",
            str(JOB),
            "--participants",
            str(participants),
            "--out",
            str(out),
            "--as-of",
            "latest",
            "--healthpipe",
            str(healthpipe),
            "--json",
        ],
        env=env,
    )
    if result.returncode != 0:
        sys.exit(f"spark-submit --master {master} failed:\n{result.stderr[-4000:]}")
    return seconds, json.loads(result.stdout[result.stdout.index("{") :])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--participants", type=int, default=200)
    p.add_argument("--days", type=int, default=365)
    p.add_argument("--density", choices=["full", "sample"], default="full")
    p.add_argument("--masters", default="local[1],local[2]")
    p.add_argument("--repeat", type=int, default=3, help="rounds; best and median are shown")
    p.add_argument("--healthpipe")
    p.add_argument("--work", default=str(REPO / "bench-work" / "cohort"))
    p.add_argument("--json", metavar="FILE")
    p.add_argument("--keep", action="store_true", help="keep the generated exports")
    a = p.parse_args()
    healthpipe = binary(a.healthpipe)
    work = Path(a.work)
    participants = work / "participants"
    n = a.participants
    print(f"generating {n} participants ({a.days} days, {a.density}) ...", file=sys.stderr)
    generate(healthpipe, participants, n, a.days, a.density)
    one = work / "one"
    if one.exists():
        shutil.rmtree(one)
    one.mkdir(parents=True)
    shutil.copytree(participants / "b0001", one / "b0001")
    pipelines = loop_pipelines(participants, work)
    masters = a.masters.split(",")

    # Rounds interleave every configuration, so a burst of other work on the machine hits
    # them alike; the best of the rounds is the figure least disturbed by it.
    walls: dict[str, list[float]] = {name: [] for name in [*LOOPS, *masters]}
    fixed: dict[str, list[float]] = {m: [] for m in masters}
    loads = []
    for round_ in range(1, a.repeat + 1):
        for name in LOOPS:
            print(f"round {round_}: {name} ...", file=sys.stderr)
            loads.append(os.getloadavg()[0])
            walls[name].append(shell_loop(healthpipe, pipelines, name))
        for master in masters:
            print(f"round {round_}: spark-submit --master {master} ...", file=sys.stderr)
            loads.append(os.getloadavg()[0])
            fixed[master].append(spark_job(healthpipe, one, work / "out-one", master)[0])
            seconds, summary = spark_job(healthpipe, participants, work / "out-all", master)
            if summary["ok"] != n:
                sys.exit(f"{master}: {summary}")
            walls[master].append(seconds)
    summaries = [
        json.loads(f.read_text()) for f in sorted((work / "loop").glob("*/run-summary.json"))
    ]
    best = {k: min(v) for k, v in walls.items()}
    result = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{os.cpu_count()} cores, {platform.system()} {platform.machine()}",
        "loadAverages": loads,
        "healthpipe": subprocess.run(
            [str(healthpipe), "version"], capture_output=True, text=True
        ).stdout.strip(),
        "participants": n,
        "days": a.days,
        "density": a.density,
        "inputMB": sum(f.stat().st_size for f in participants.rglob("*") if f.is_file()) / 2**20,
        "wallSeconds": walls,
        "fixedSeconds": fixed,
        "runSecondsMedian": statistics.median(s["seconds"] for s in summaries),
        "peakRSSMBMedian": statistics.median(s["peakRSSBytes"] for s in summaries) / 2**20,
        "peakRSSMBMax": max(s["peakRSSBytes"] for s in summaries) / 2**20,
    }
    print(
        f"\n{n} participants, {a.days}-day exports ({a.density}), {result['inputMB']:.0f} MB "
        f"of export.zip; {result['machine']}, load average {min(loads):.1f}-{max(loads):.1f} "
        f"at the starts; {result['healthpipe']}; {result['date']}; best (median) of {a.repeat}\n"
    )
    print("| run | wall | participants/min | per participant | fixed cost (1 participant) |")
    print("|---|---|---|---|---|")
    for name, values in walls.items():
        wall = f"{min(values):.1f} s ({statistics.median(values):.1f} s)"
        rate = f"{n / min(values) * 60:.0f}"
        if name in fixed:
            base = min(fixed[name])
            each = f"{(min(values) - base) / max(n - 1, 1):.2f} s"
            label, cost = f"cohort job, {name}", f"{base:.1f} s"
        else:
            each, label, cost = f"{min(values) / n:.2f} s", f"healthpipe, {name}", "-"
        print(f"| {label} | {wall} | {rate} | {each} | {cost} |")
    if len(masters) == 2:
        s1, s2 = best[masters[0]], best[masters[1]]
        print(f"\nspeed-up {masters[0]} -> {masters[1]}: {s1 / s2:.2f}x")
        print(
            f"Spark's overhead: {masters[0]} vs the loop {s1 / best['loop']:.2f}x "
            f"(+{(s1 - best['loop']) / n:.2f} s per participant); {masters[1]} vs xargs -P 2 "
            f"{s2 / best['loop -P 2']:.2f}x (+{(s2 - best['loop -P 2']) / n:.2f} s)"
        )
    print(
        f"healthpipe run per participant: median {result['runSecondsMedian']:.2f} s; "
        f"peak RSS median {result['peakRSSMBMedian']:.1f} MB, max {result['peakRSSMBMax']:.1f} MB"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(result, indent=2) + "\n")
    for folder in ("loop", "pipelines", "one", "out-one", "out-all"):
        shutil.rmtree(work / folder, ignore_errors=True)
    if not a.keep:
        shutil.rmtree(participants, ignore_errors=True)
        for marker in work.glob("generated-*"):
            marker.unlink()


if __name__ == "__main__":
    main()
