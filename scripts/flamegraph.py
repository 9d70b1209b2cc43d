#!/usr/bin/env python3
"""Renders the text of `perf script` as a flame graph: one self-contained SVG file.

    perf record -F 2000 -g -o perf.data -- .build/release/healthpipe aggregate ...
    perf script -i perf.data | scripts/flamegraph.py --title "aggregate" -o aggregate.svg
    scripts/flamegraph.py perf.txt -o out.svg --folded out.folded --min-percent 1

Each sample's call stack (from `perf record -g`) is folded into one line, root first:
`thread;caller;...;leaf COUNT` (`--folded` writes these lines, sorted). Swift symbols are
demangled with `swift demangle --simplified` (one call for all of them) when the `swift`
toolchain is on the PATH; labels drop "specialized " and long generic arguments, the
tooltip keeps the whole name. A box's width is its share of all samples; frames under
`--min-percent` (default 0.5 %) of the samples are merged into one grey box per parent
(or left out when even that is under the threshold). Colours: the program's own code
red to yellow, the Swift runtime and Foundation blue, C libraries green, the kernel
purple, each frame's shade taken from a hash of its name, so the same input always gives
the same bytes. scripts/flamegraphs.sh records and renders the four pipeline stages.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import zlib
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

# A sample's first line: `comm pid[/tid] [cpu] time: [period] event:`. The thread name
# (comm) may hold spaces, so it is everything before the pid.
HEADER = re.compile(
    r"^(?P<comm>\S.*?)\s+(?P<pid>\d+)(?:/(?P<tid>\d+))?\s+(?:\[\d+\]\s+)?"
    r"(?P<time>\d+\.\d+):\s+(?:(?P<period>\d+)\s+)?(?P<event>[^\s:]+)"
)
# A frame: `address symbol+0xoffset (module)`; the symbol may hold spaces (C++ names).
FRAME = re.compile(r"^\s+(?P<addr>[0-9a-fA-F]+)\s+(?P<sym>.*?)(?:\s+\((?P<dso>[^()]*)\))?\s*$")
OFFSET = re.compile(r"\+0x[0-9a-fA-F]+$")
SWIFT_MANGLED = re.compile(r"^_?\$[sSe]|^_T0")
# Time-based events: their period is nanoseconds, so the periods add up to CPU time.
CLOCK_EVENTS = ("cpu-clock", "task-clock")

KERNEL = "kernel"
RUNTIME_MODULES = ("libswift", "libdispatch", "libFoundation", "lib_Foundation", "libBlocksRuntime")
C_MODULES = (
    "libc.",
    "libc-",
    "libm.",
    "ld-linux",
    "libz.",
    "libstdc++",
    "libgcc",
    "libsqlite",
    "libpthread",
)


@dataclass
class Profile:
    """Folded stacks: (root-first frames) -> samples, and each frame's module."""

    stacks: dict[tuple[str, ...], int] = field(default_factory=dict)
    modules: dict[str, str] = field(default_factory=dict)
    samples: int = 0
    clock_ns: int = 0  # summed periods of cpu-clock/task-clock samples, 0 for other events
    event: str = ""
    command: str = ""  # from `perf script --header`'s `# cmdline :` line, when present


def module_name(dso: str | None) -> str:
    """The short name of the file a frame is in: `healthpipe`, `libswiftCore.so`, `kernel`."""
    if not dso or dso == "unknown" or dso == "[unknown]":
        return "?"
    if dso.startswith("[kernel") or dso.endswith(".ko"):
        return KERNEL
    if dso.startswith("["):
        return dso.strip("[]")
    return dso.rsplit("/", 1)[-1]


def parse_perf_script(lines) -> tuple[Profile, list[tuple[str, list[tuple[str, str]]]]]:
    """Reads `perf script` output: the samples as (thread, [(symbol, module) leaf first])."""
    profile = Profile()
    samples: list[tuple[str, list[tuple[str, str]]]] = []
    current: tuple[str, list[tuple[str, str]]] | None = None
    for raw in lines:
        line = raw.rstrip("\n")
        if line.startswith("#"):
            if line.startswith("# cmdline :"):
                profile.command = line.split(":", 1)[1].strip()
            continue
        if not line.strip():
            current = None
            continue
        if line[0] not in " \t":
            match = HEADER.match(line)
            if not match:
                current = None
                continue
            current = (match["comm"].strip(), [])
            samples.append(current)
            event = match["event"]
            profile.event = profile.event or event
            if match["period"] and any(event.startswith(c) for c in CLOCK_EVENTS):
                profile.clock_ns += int(match["period"])
            continue
        if current is None:
            continue
        match = FRAME.match(line)
        if not match:
            continue
        symbol = OFFSET.sub("", match["sym"].strip()) or "[unknown]"
        module = module_name(match["dso"])
        if symbol == "[unknown]" and module != "?":
            symbol = f"[{module}]"
        current[1].append((symbol, module))
    return profile, samples


def demangle(symbols: set[str]) -> dict[str, str]:
    """Swift names through `swift demangle --simplified`, all in one call; {} without swift."""
    mangled = sorted(s for s in symbols if SWIFT_MANGLED.match(s))
    swift = shutil.which("swift")
    if not mangled or not swift:
        return {}
    try:
        result = subprocess.run(
            [swift, "demangle", "--simplified"],
            input="\n".join(mangled) + "\n",
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    out = result.stdout.split("\n")
    if len(out) < len(mangled):
        return {}
    return {m: d.strip() or m for m, d in zip(mangled, out)}


def fold(lines, demangle_names: bool = True) -> Profile:
    """Folds `perf script` text into stacks, root first: the thread's name, then the frames."""
    profile, samples = parse_perf_script(lines)
    names: dict[str, str] = {}
    if demangle_names:
        names = demangle({s for _, frames in samples for s, _ in frames})
    for thread, frames in samples:
        stack = [thread.replace(";", ":")]
        profile.modules.setdefault(stack[0], "thread")
        for symbol, module in reversed(frames):
            name = names.get(symbol, symbol).replace(";", ":")
            stack.append(name)
            profile.modules.setdefault(name, module)
        key = tuple(stack)
        profile.stacks[key] = profile.stacks.get(key, 0) + 1
        profile.samples += 1
    return profile


def folded_text(profile: Profile) -> str:
    """The folded stacks, one `frame;frame;... COUNT` line each, sorted by the stack."""
    return "".join(f"{';'.join(s)} {n}\n" for s, n in sorted(profile.stacks.items()))


# --- shortening names for the labels -------------------------------------------------------


def collapse_brackets(name: str, open_: str, close: str, keep: int) -> str:
    """Replaces each outermost `open_ ... close` whose content is longer than `keep`
    characters by `open_…close`."""
    out: list[str] = []
    depth = 0
    start = 0
    for i, c in enumerate(name):
        if c == open_:
            if depth == 0:
                start = i
            depth += 1
        elif c == close and depth > 0:
            depth -= 1
            if depth == 0:
                inner = name[start + 1 : i]
                out.append(open_ + (inner if len(inner) <= keep else "…") + close)
            continue
        if depth == 0:
            out.append(c)
    if depth > 0:  # unbalanced: keep the rest as it was
        out.append(name[start:])
    return "".join(out)


def short_name(name: str) -> str:
    """A label: without "partial apply for ", "specialized ", "merged ", "static ", long
    generic arguments and C++ parameter lists as `<…>`/`(…)`, at most 120 characters. The
    tooltip keeps the whole name."""
    for prefix in ("partial apply for ", "specialized ", "merged ", "static "):
        name = name.removeprefix(prefix)
    name = name.replace(" in variable initialization expression of ", " in ").replace(
        " in static ", " in "
    )
    name = collapse_brackets(name, "<", ">", 12)
    if "::" in name:  # C++: parameter lists are type lists, long and rarely telling
        name = collapse_brackets(name, "(", ")", 12)
    else:  # Swift: argument labels `(_:forKey:)` are short and tell overloads apart
        name = collapse_brackets(name, "(", ")", 40)
    if len(name) > 120:
        name = name[:58] + "…" + name[-61:]
    return name


# --- the tree and the SVG ------------------------------------------------------------------


@dataclass
class Node:
    name: str
    module: str
    count: int = 0
    children: dict[str, Node] = field(default_factory=dict)
    merged: int = 0  # for a box of merged small frames: how many frames it stands for


def build_tree(profile: Profile) -> Node:
    root = Node("all", "all")
    for stack, n in profile.stacks.items():
        root.count += n
        node = root
        for name in stack:
            child = node.children.get(name)
            if child is None:
                child = node.children[name] = Node(name, profile.modules.get(name, "?"))
            child.count += n
            node = child
    return root


def visible_children(node: Node, min_samples: float) -> list[Node]:
    """The children to draw, by name; those under `min_samples` become one grey box."""
    big = [c for _, c in sorted(node.children.items()) if c.count >= min_samples]
    small = [c for c in node.children.values() if c.count < min_samples]
    rest = sum(c.count for c in small)
    if small and rest >= min_samples:
        big.append(
            Node(f"{len(small)} frames under the threshold", "merged", rest, merged=len(small))
        )
    return big


def family(module: str) -> str:
    if module == KERNEL:
        return "kernel"
    if module in ("all", "thread", "merged", "?"):
        return module if module != "?" else "unknown"
    if module.startswith(RUNTIME_MODULES):
        return "runtime"
    if module.startswith(C_MODULES):
        return "clib"
    return "program"


def colour(name: str, module: str) -> str:
    """A fill colour: the family by module, the shade by a hash of the name (CRC-32, so
    the same on every run and machine)."""
    h = zlib.crc32(f"{module}\0{name}".encode())
    a, b = (h & 0xFFFF) / 0xFFFF, (h >> 16) / 0xFFFF
    kind = family(module)
    if kind == "program":  # red to yellow, as flame graphs usually are
        return f"rgb({205 + int(50 * b)},{int(80 + 150 * a)},{int(40 + 30 * b)})"
    if kind == "runtime":  # blue to aqua
        return f"rgb({int(80 + 50 * a)},{int(160 + 50 * b)},{int(205 + 40 * a)})"
    if kind == "clib":  # green
        return f"rgb({int(110 + 60 * a)},{int(190 + 40 * b)},{int(80 + 40 * a)})"
    if kind == "kernel":  # purple
        return f"rgb({int(175 + 40 * a)},{int(140 + 40 * b)},{int(215 + 30 * a)})"
    if kind == "unknown":
        return "rgb(200,200,200)"
    if kind == "merged":
        return "rgb(225,225,225)"
    return "rgb(238,238,220)"  # all, threads


# The legend: a module of each family and what the family is.
LEGEND = [
    ("healthpipe", "healthpipe's code"),
    ("libswiftCore.so", "Swift runtime, Foundation, Dispatch"),
    ("libc.so.6", "C libraries"),
    (KERNEL, "kernel"),
    ("merged", "frames under the threshold, merged"),
]


def fmt(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def render_svg(
    profile: Profile,
    title: str,
    subtitle: str = "",
    width: int = 1200,
    min_percent: float = 0.5,
    frame_height: int = 16,
    font_size: int = 11,
) -> str:
    """The flame graph as SVG text: the root ("all") at the bottom, callees above callers."""
    total = profile.samples
    min_samples = max(total * min_percent / 100.0, 1e-9)
    root = build_tree(profile)
    margin = 10
    graph_width = width - 2 * margin
    char_width = font_size * 0.6  # monospace
    per_sample = graph_width / total if total else 0.0

    boxes: list[tuple[int, float, float, Node]] = []  # depth, x, width, node

    def place(node: Node, depth: int, x: float) -> None:
        boxes.append((depth, x, node.count * per_sample, node))
        if node.merged:
            return
        for child in visible_children(node, min_samples):
            place(child, depth + 1, x)
            x += child.count * per_sample

    if total:
        place(root, 0, margin)
    max_depth = max((d for d, _, _, _ in boxes), default=0)

    top = 58  # title, statistics line
    legend_height = 30
    height = top + (max_depth + 1) * frame_height + legend_height

    stats = f"{total:,} samples"
    if profile.clock_ns:
        stats += f", {profile.clock_ns / 1e9:.2f} s of CPU ({profile.event})"
    elif profile.event:
        stats += f" of {profile.event}"
    stats += (
        f"; frames under {min_percent:g} % of the samples merged; hover a frame for its full name"
    )
    if subtitle:
        stats = f"{subtitle} · {stats}"

    out: list[str] = []
    out.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" '
        f'font-size="{font_size}">\n'
    )
    out.append(
        "<style>g.f:hover rect{stroke:#000;stroke-width:1}"
        " text{pointer-events:none;fill:#000}</style>\n"
    )
    out.append(f'<rect width="{width}" height="{height}" fill="#fdfdf8"/>\n')
    out.append(
        f'<text x="{width / 2:g}" y="22" font-size="15" font-weight="bold" text-anchor="middle" '
        f'font-family="DejaVu Sans,Helvetica,Arial,sans-serif">{escape(title)}</text>\n'
    )
    out.append(
        f'<text x="{width / 2:g}" y="42" text-anchor="middle" '
        f'font-family="DejaVu Sans,Helvetica,Arial,sans-serif">{escape(stats)}</text>\n'
    )
    base = top + max_depth * frame_height
    for depth, x, w, node in boxes:
        y = base - depth * frame_height
        percent = 100.0 * node.count / total
        full = node.name
        if node.module not in ("all", "thread", "merged", "?"):
            full += f" ({node.module})"
        elif node.module == "thread":
            full = f"thread {node.name}"
        tip = f"{full}\n{node.count:,} samples, {percent:.1f} %"
        label = node.name if node.module in ("all", "thread", "merged") else short_name(node.name)
        if node.module == "all":
            label = f"all threads ({total:,} samples)"
        elif node.module == "thread":
            label = f"thread {label}"
        fits = int((w - 6) / char_width)
        if fits >= len(label):
            text = label
        elif fits >= 4:
            text = label[: fits - 1] + "…"
        else:
            text = ""
        out.append(
            f'<g class="f"><title>{escape(tip)}</title>'
            f'<rect x="{fmt(x)}" y="{y}" width="{fmt(max(w - 0.5, 0.1))}" '
            f'height="{frame_height - 1}" '
            f'fill="{colour(node.name, node.module)}"/>'
        )
        if text:
            out.append(f'<text x="{fmt(x + 3)}" y="{y + frame_height - 4}">{escape(text)}</text>')
        out.append("</g>\n")
    y = height - legend_height + 19
    x = float(margin)
    for module, what in LEGEND:
        swatch = colour(what, module)
        out.append(f'<rect x="{fmt(x)}" y="{y - 10}" width="12" height="12" fill="{swatch}"/>')
        out.append(f'<text x="{fmt(x + 16)}" y="{y}">{escape(what)}</text>\n')
        x += 16 + len(what) * char_width + 24
    out.append("</svg>\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="flamegraph.py",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__,
    )
    parser.add_argument("input", nargs="?", default="-", help="perf script text (default: stdin)")
    parser.add_argument("-o", "--output", default="-", help="the SVG file (default: stdout)")
    parser.add_argument("--folded", metavar="OUT", help="also write the folded stacks here")
    parser.add_argument(
        "--title",
        help="the title line (default: the recorded command, from `perf script --header`)",
    )
    parser.add_argument("--subtitle", default="", help="text before the statistics line")
    parser.add_argument(
        "--min-percent",
        type=float,
        default=0.5,
        help="merge frames under this share of the samples (default 0.5)",
    )
    parser.add_argument(
        "--width", type=int, default=1200, help="the SVG's width in pixels (default 1200)"
    )
    parser.add_argument(
        "--no-demangle", action="store_true", help="keep Swift symbols as perf printed them"
    )
    args = parser.parse_args(argv)
    if args.width < 200:
        parser.error("--width must be at least 200")
    if not 0 <= args.min_percent < 100:
        parser.error("--min-percent must be from 0 to under 100")

    if args.input == "-":
        profile = fold(sys.stdin, not args.no_demangle)
    else:
        with open(args.input, encoding="utf-8", errors="replace") as f:
            profile = fold(f, not args.no_demangle)
    if profile.samples == 0:
        print(f"flamegraph.py: no samples with stacks in {args.input}", file=sys.stderr)
        return 1
    if args.folded:
        with open(args.folded, "w", encoding="utf-8", newline="\n") as f:
            f.write(folded_text(profile))
    title = args.title or profile.command or "perf script"
    svg = render_svg(profile, title, args.subtitle, args.width, args.min_percent)
    if args.output == "-":
        sys.stdout.write(svg)
    else:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
