"""The build for executors without a Swift toolchain (docs/scale-out.md, "The binary"):

    swift build -c release --static-swift-stdlib --product healthpipe --scratch-path .build/static

Its binary needs no Swift runtime library; zlib, SQLite, libstdc++ and glibc stay dynamic
(every Linux image that runs PySpark has them: Python's sqlite3 module links libsqlite3). The second test hides the toolchain in a private mount
namespace and runs the job there with the binary shipped by `spark-submit --files`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, make_participants

STATIC = Path(os.environ.get("HEALTHPIPE_STATIC") or REPO / ".build/static/release/healthpipe")
DYNAMIC = Path(os.environ.get("HEALTHPIPE_BIN") or REPO / ".build/debug/healthpipe")
BUILD = (
    "swift build -c release --static-swift-stdlib --product healthpipe --scratch-path .build/static"
)

needs_static = pytest.mark.skipif(
    not STATIC.is_file(), reason=f"no static build at {STATIC}; make it with: {BUILD}"
)

# What a binary may still load from the system: glibc, libm, libstdc++, libgcc_s, zlib,
# SQLite.
SYSTEM = (
    "linux-vdso",
    "libc.so",
    "libm.so",
    "libstdc++",
    "libgcc_s",
    "libz.so",
    "libsqlite3.so",
    "ld-linux",
    "libpthread",
    "libdl",
    "librt",
)


def _needed(binary: Path) -> list[str]:
    out = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout
    return [os.path.basename(line.split()[0]) for line in out.splitlines() if line.strip()]


@needs_static
def test_the_static_build_loads_no_swift_library():
    needed = _needed(STATIC)
    assert [n for n in needed if not n.startswith(SYSTEM)] == []
    assert not [
        n for n in needed if "swift" in n.lower() or "foundation" in n.lower() or "dispatch" in n
    ]


def _toolchain() -> Path | None:
    """The Swift toolchain's root, from where the dynamic build finds libswiftCore."""
    if not DYNAMIC.is_file():
        return None
    out = subprocess.run(["ldd", str(DYNAMIC)], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "libswiftCore.so" in line and "=>" in line:
            lib = Path(line.split("=>")[1].split()[0]).resolve().parent  # .../usr/lib/swift/linux
            root = lib.parents[3]
            return root if (root / "usr" / "bin").is_dir() else lib
    return None


def _hidden(folder: Path, empty: Path, command: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Runs `command` in a private mount namespace where `folder` is an empty folder."""
    script = 'mount --bind "$1" "$2" && shift 2 && exec "$@"'
    return subprocess.run(
        ["unshare", "-m", "sh", "-c", script, "sh", str(empty), str(folder), *command],
        capture_output=True,
        text=True,
        **kwargs,
    )


@needs_static
def test_the_job_runs_where_there_is_no_swift_toolchain(tmp_path):
    toolchain = _toolchain()
    if toolchain is None:
        pytest.skip(f"no dynamic build at {DYNAMIC} to find the toolchain with")
    empty = tmp_path / "empty"
    empty.mkdir()
    probe = _hidden(toolchain, empty, ["true"])
    if probe.returncode != 0:
        pytest.skip(
            f"cannot make a private mount namespace here (unshare -m): {probe.stderr.strip()}"
        )
    # The control: without the toolchain the dynamic build cannot even start.
    dynamic = _hidden(toolchain, empty, [str(DYNAMIC), "version"])
    assert dynamic.returncode == 127 and "libswift" in dynamic.stderr

    participants = tmp_path / "participants"
    make_participants(
        STATIC, participants, [("a1", 14, 21, "apple-zip", []), ("a2", 14, 22, "hae-json", [])]
    )
    spark_submit = shutil.which("spark-submit") or str(Path(sys.executable).parent / "spark-submit")
    out = tmp_path / "out"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    env["PATH"] = ":".join(p for p in env["PATH"].split(":") if not p.startswith(str(toolchain)))
    result = _hidden(
        toolchain,
        empty,
        [
            spark_submit,
            "--master",
            "local[2]",
            "--conf",
            "spark.ui.enabled=false",
            "--files",
            str(STATIC),
            str(REPO / "Cohort" / "cohort_job.py"),
            "--participants",
            str(participants),
            "--out",
            str(out),
            "--as-of",
            "latest",
            "--json",
        ],
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    summary = json.loads(result.stdout[result.stdout.index("{") :])
    assert (summary["ok"], summary["failed"]) == (2, 0), result.stderr[-3000:]
    assert sorted(p.name for p in (out / "daily").iterdir() if p.is_dir()) == [
        "participant=a1",
        "participant=a2",
    ]
