"""Tests of scripts/flamegraph.py on small hand-made `perf script` texts.

Run: python3 -B -m unittest discover -s scripts -p 'test_*.py'  (-B: no __pycache__)
(`swift test` runs it too: Tests/EndToEndTests/ScriptTests.swift).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flamegraph

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "flamegraph.py")
SVG = "{http://www.w3.org/2000/svg}"

HP = "(/opt/bin/healthpipe)"
LIBC = "(/usr/lib/x86_64-linux-gnu/libc.so.6)"
CORE = "(/opt/swift/usr/lib/swift/linux/libswiftCore.so)"
CPP = (
    "swift::RefCounts<swift::RefCountBitsT<(swift::RefCountInlinedness)1> >"
    "::doDecrementSlow<(swift::PerformDeinit)1>"
)


def sample(comm, tid, frames):
    """One sample as `perf script` prints it: a header, then the frames leaf first."""
    lines = [f"{comm} {tid} 100.000000:     500000 cpu-clock:ppp: "]
    lines += [f"\t    {0x1000 + i:x} {frame}" for i, frame in enumerate(frames)]
    return "\n".join(lines) + "\n\n"


MAIN = [f"main+0x5 {HP}", f"__libc_start_call_main+0x7a {LIBC}"]
# Ten samples; the folded counts below are counted from this list by hand:
#   thread "healthpipe", run -> leaf_a                               3
#   thread "healthpipe", run -> swift_release                        2
#   thread "healthpipe", run -> swift_release -> C++ RefCounts frame 1
#   thread "-qos.overcommit", parse_piece -> page fault (kernel)     2
#   thread "healthpipe", a broken stack: crc32_z under [unknown]     1
#   thread "main thread" (a name with a space), run -> leaf_a        1
PERF_SCRIPT = (
    "# ========\n"
    "# cmdline : /usr/bin/perf record -F 2000 -g -o x.data /opt/bin/healthpipe ingest a.xml\n"
    "# ========\n#\n"
    + sample("healthpipe", 100, [f"leaf_a+0x10 {HP}", f"run+0x20 {HP}"] + MAIN) * 3
    + sample(
        "-qos.overcommit",
        101,
        [
            "asm_exc_page_fault+0x22 ([kernel.kallsyms])",
            f"parse_piece+0x1 {HP}",
            f"start_thread+0x9 {LIBC}",
        ],
    )
    * 2
    + sample("healthpipe", 100, [f"swift_release+0x3d {CORE}", f"run+0x44 {HP}"] + MAIN) * 2
    + sample(
        "healthpipe",
        100,
        [f"{CPP}+0x166 {CORE}", f"swift_release+0x3d {CORE}", f"run+0x44 {HP}"] + MAIN,
    )
    + sample(
        "healthpipe",
        100,
        ["crc32_z+0x5 (/usr/lib/x86_64-linux-gnu/libz.so.1.3)", "[unknown] ([unknown])"],
    )
    # the first line of a sample with a thread name with a space and a pid/tid pair
    + sample("main thread", "100/100", [f"leaf_a+0x10 {HP}", f"run+0x20 {HP}"] + MAIN)
)

FOLDED = (
    "-qos.overcommit;start_thread;parse_piece;asm_exc_page_fault 2\n"
    "healthpipe;[unknown];crc32_z 1\n"
    "healthpipe;__libc_start_call_main;main;run;leaf_a 3\n"
    "healthpipe;__libc_start_call_main;main;run;swift_release 2\n"
    f"healthpipe;__libc_start_call_main;main;run;swift_release;{CPP} 1\n"
    "main thread;__libc_start_call_main;main;run;leaf_a 1\n"
)


def frames(svg_text):
    """{first line of the tooltip: (second line, rect width, label)} of every frame (the
    first one drawn, left to right from the bottom, when two have the same name)."""
    root = ET.fromstring(svg_text)
    out = {}
    for g in root.iter(f"{SVG}g"):
        title = g.find(f"{SVG}title").text.split("\n")
        rect = g.find(f"{SVG}rect")
        text = g.find(f"{SVG}text")
        out.setdefault(
            title[0], (title[1], float(rect.get("width")), text.text if text is not None else None)
        )
    return out


class FoldTests(unittest.TestCase):
    def test_folded_counts(self):
        profile = flamegraph.fold(PERF_SCRIPT.splitlines(True), demangle_names=False)
        self.assertEqual(profile.samples, 10)
        self.assertEqual(flamegraph.folded_text(profile), FOLDED)
        # cpu-clock periods are nanoseconds: 10 samples of 500,000 ns.
        self.assertEqual(profile.clock_ns, 5_000_000)
        self.assertEqual(profile.event, "cpu-clock")
        self.assertEqual(
            profile.command,
            "/usr/bin/perf record -F 2000 -g -o x.data /opt/bin/healthpipe ingest a.xml",
        )

    def test_modules(self):
        profile = flamegraph.fold(PERF_SCRIPT.splitlines(True), demangle_names=False)
        self.assertEqual(profile.modules["run"], "healthpipe")
        self.assertEqual(profile.modules["swift_release"], "libswiftCore.so")
        self.assertEqual(profile.modules["asm_exc_page_fault"], "kernel")
        self.assertEqual(profile.modules["[unknown]"], "?")
        self.assertEqual(flamegraph.family("healthpipe"), "program")
        self.assertEqual(flamegraph.family("libswiftCore.so"), "runtime")
        self.assertEqual(flamegraph.family("libdispatch.so"), "runtime")
        self.assertEqual(flamegraph.family("libz.so.1.3"), "clib")
        self.assertEqual(flamegraph.family("kernel"), "kernel")

    def test_short_names(self):
        self.assertEqual(flamegraph.short_name(CPP), "swift::RefCounts<…>::doDecrementSlow<…>")
        self.assertEqual(
            flamegraph.short_name(
                "partial apply for specialized static TableFile.readAhead<A>(_:)"
            ),
            "TableFile.readAhead<A>(_:)",
        )
        self.assertEqual(
            flamegraph.short_name(
                "closure #1 in variable initialization expression of static Cmd.command"
            ),
            "closure #1 in Cmd.command",
        )
        self.assertEqual(len(flamegraph.short_name("x" * 300)), 120)

    @unittest.skipUnless(shutil.which("swift"), "no swift toolchain on the PATH")
    def test_swift_names_are_demangled(self):
        text = sample(
            "healthpipe", 1, ["$s9Aggregate15DailyAggregatorC6finishAA0B4DataVyF+0x7c6 " + HP]
        )
        profile = flamegraph.fold(text.splitlines(True))
        # $s, module "Aggregate", class "DailyAggregator", method "finish", no arguments.
        self.assertEqual(flamegraph.folded_text(profile), "healthpipe;DailyAggregator.finish() 1\n")


class SVGTests(unittest.TestCase):
    def render(self, text, **options):
        profile = flamegraph.fold(text.splitlines(True), demangle_names=False)
        return flamegraph.render_svg(profile, "ingest <a.xml>", **options)

    def test_widths_and_tooltips(self):
        shown = frames(self.render(PERF_SCRIPT))
        # The graph is 1200 - 2 * 10 px wide; a box is its share of that, less 0.5 px.
        self.assertEqual(shown["all"], ("10 samples, 100.0 %", 1179.5, "all threads (10 samples)"))
        self.assertEqual(shown["run (healthpipe)"], ("6 samples, 60.0 %", 707.5, "run"))
        self.assertEqual(shown["thread healthpipe"][:2], ("7 samples, 70.0 %", 825.5))
        self.assertEqual(shown["thread main thread"][:2], ("1 samples, 10.0 %", 117.5))
        self.assertEqual(shown["swift_release (libswiftCore.so)"][:2], ("3 samples, 30.0 %", 353.5))
        self.assertEqual(shown[f"{CPP} (libswiftCore.so)"][0], "1 samples, 10.0 %")
        self.assertEqual(
            shown[f"{CPP} (libswiftCore.so)"][2], "swift::RefCount…"
        )  # 16 characters fit in 117.5 px
        self.assertEqual(shown["asm_exc_page_fault (kernel)"][:2], ("2 samples, 20.0 %", 235.5))
        self.assertIn("[unknown]", shown)

    def test_title_and_statistics(self):
        root = ET.fromstring(self.render(PERF_SCRIPT))
        texts = [t.text for t in root.findall(f"{SVG}text")]
        self.assertEqual(texts[0], "ingest <a.xml>")
        self.assertTrue(texts[1].startswith("10 samples, 0.01 s of CPU (cpu-clock)"), texts[1])
        self.assertEqual(root.get("width"), "1200")

    def test_frames_under_the_threshold_are_merged(self):
        # Four samples under `main`: a 1, b 1, c 2. At 30 % (1.2 samples) a and b are
        # small; together 2 samples, so they become one merged box of 50 %.
        text = (
            sample("t", 1, ["a+0x1 (/x/p)", "main+0x1 (/x/p)"])
            + sample("t", 1, ["b+0x1 (/x/p)", "main+0x1 (/x/p)"])
            + sample("t", 1, ["c+0x1 (/x/p)", "main+0x1 (/x/p)"]) * 2
        )
        shown = frames(self.render(text, min_percent=30))
        self.assertNotIn("a (p)", shown)
        self.assertNotIn("b (p)", shown)
        self.assertEqual(shown["c (p)"][0], "2 samples, 50.0 %")
        self.assertEqual(shown["2 frames under the threshold"][0], "2 samples, 50.0 %")
        # At 60 % (2.4 samples) c is small too; the three together are drawn as one box.
        shown = frames(self.render(text, min_percent=60))
        self.assertEqual(shown["3 frames under the threshold"][0], "4 samples, 100.0 %")
        # The main thread's lone broken stack (1 of 10) is left out at 15 %, merged with
        # nothing: its parent keeps its width.
        shown = frames(self.render(PERF_SCRIPT, min_percent=15))
        self.assertNotIn("[unknown]", shown)
        self.assertNotIn(f"{CPP} (libswiftCore.so)", shown)
        self.assertEqual(shown["thread healthpipe"][0], "7 samples, 70.0 %")

    def test_same_input_same_bytes(self):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "perf.txt")
            with open(src, "w") as f:
                f.write(PERF_SCRIPT)
            outputs = []
            for n in range(2):
                svg, folded = os.path.join(tmp, f"{n}.svg"), os.path.join(tmp, f"{n}.folded")
                subprocess.run(
                    [sys.executable, SCRIPT, src, "-o", svg, "--folded", folded, "--no-demangle"],
                    check=True,
                )
                with open(svg, "rb") as f, open(folded, "rb") as g:
                    outputs.append((f.read(), g.read()))
            self.assertEqual(outputs[0], outputs[1])
            self.assertEqual(outputs[0][1].decode(), FOLDED)
            # Without --title the title is the recorded command.
            self.assertIn(
                b"perf record -F 2000 -g -o x.data /opt/bin/healthpipe ingest a.xml</text>",
                outputs[0][0],
            )

    def test_help_and_no_samples(self):
        done = subprocess.run(
            [sys.executable, SCRIPT, "--help"], capture_output=True, text=True, check=False
        )
        self.assertEqual(done.returncode, 0)
        self.assertIn("perf script", done.stdout)
        self.assertIn("--folded OUT", done.stdout)
        done = subprocess.run(
            [sys.executable, SCRIPT, "-o", os.devnull],
            input="# nothing\n",
            capture_output=True,
            text=True,
            check=False,
        )
        self.assertEqual(done.returncode, 1)
        self.assertIn("no samples", done.stderr)


if __name__ == "__main__":
    unittest.main()
