#!/usr/bin/env python3
"""Checks two things a reviewer would otherwise check by hand (docs/architecture.md,
"Conventions"):

1. The module table of docs/architecture.md says what Package.swift declares: the same
   targets, each with the same dependencies.
2. No function, initializer or subscript in Sources/ is longer than 80 lines, counted from
   the line of its keyword to the line of its closing brace.

The functions longer than that today are listed in scripts/long-functions.allow
(`path name` per line) and only there: a new long function fails, and so does a listed one
that is no longer long (the list only shrinks; issue 27 asks for it to be empty).

Usage: scripts/check_structure.py [ROOT]   (exit 0 when both hold, 1 with a list otherwise)
Standard library only; scripts/test_check_structure.py tests it and `swift test` runs that.
"""

import os
import re
import sys

LIMIT = 80


def strip_swift(text):
    """The text with comments and string literals blanked, newlines kept, so that braces
    and keywords inside them do not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        m = re.match(r'(#*)("""|")', text[i:i + 12]) if c in '#"' else None
        if m:
            i = skip_string(text, i, m.group(1), m.group(2), out)
            continue
        out.append(c)
        i += 1
    return "".join(out)


def skip_string(text, i, hashes, quote, out):
    """Blanks the string literal at `i` (raw with `hashes`, multi-line with `\"\"\"`),
    interpolations included, and returns the index after it."""
    n = len(text)
    j = i + len(hashes) + len(quote)
    close = quote + hashes
    while j < n:
        if text[j] == "\\" and not hashes:
            if j + 1 < n and text[j + 1] == "(":
                j = skip_interpolation(text, j + 2)
                continue
            j += 2
            continue
        if text.startswith(close, j):
            j += len(close)
            break
        if quote == '"' and text[j] == "\n":
            break
        j += 1
    out.append("\n" * text.count("\n", i, j))
    return j


def skip_interpolation(text, j):
    """The index after the `)` closing an interpolation that starts at `j`."""
    depth = 1
    while j < len(text) and depth:
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
        elif text[j] == '"':
            end = text.find('"', j + 1)
            j = end if end > 0 else j
        j += 1
    return j


DECLARATION = re.compile(r"\b(func\s+[^\s(<]+|init[?!]?|subscript)\s*[(<]")


def long_functions(path, text, limit=LIMIT):
    """(path, line, name, lines) for each declaration in `text` longer than `limit`."""
    code = strip_swift(text)
    found = []
    for m in DECLARATION.finditer(code):
        body = code.find("{", m.end())
        if body < 0:
            continue
        # A protocol requirement has no body: the next `{` belongs to something else.
        between = code[m.end():body]
        if "\n\n" in between or re.search(r"\b(func|var|let|case)\b", between):
            continue
        depth, j = 0, body
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, j) + 1
        if last - first + 1 > limit:
            found.append((path, first, m.group(1).split()[-1], last - first + 1))
    return found


def package_targets(text):
    """Target name -> set of dependency names, from Package.swift."""
    targets = {}
    pattern = re.compile(
        r"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*\"([^\"]+)\"(.*?)\)\s*,?\s*\n",
        re.S)
    for m in pattern.finditer(text):
        deps = re.search(r"dependencies:\s*\[(.*?)\]", m.group(2), re.S)
        names = re.findall(r"\"([^\"]+)\"", deps.group(1)) if deps else []
        targets[m.group(1)] = set(names)
    return targets


def documented_modules(text):
    """Module name -> set of dependency names, from the module table of architecture.md."""
    section = text.split("## Modules", 1)[1].split("\n## ", 1)[0]
    modules = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        name = cells[0].split("`")[1]
        deps = {d.strip().strip("`") for d in cells[1].split(",")}
        modules[name] = {d for d in deps if d and d != "—" and not d.startswith("system ")}
    return modules


def module_table_differences(package_text, doc_text):
    """Lines saying where docs/architecture.md and Package.swift disagree."""
    declared = package_targets(package_text)
    documented = documented_modules(doc_text)
    problems = []
    for name in sorted(set(declared) | set(documented)):
        if name not in documented:
            problems.append(f"module {name} is in Package.swift but not in the table")
        elif name not in declared:
            problems.append(f"module {name} is in the table but not in Package.swift")
        elif declared[name] != documented[name]:
            problems.append(
                f"module {name}: Package.swift depends on {sorted(declared[name])}, "
                f"the table says {sorted(documented[name])}")
    return problems


def long_function_problems(root):
    """Long functions not in the allow list, and listed ones that are no longer long."""
    allow_path = os.path.join(root, "scripts", "long-functions.allow")
    allowed = set()
    if os.path.exists(allow_path):
        with open(allow_path, encoding="utf-8") as f:
            allowed = {tuple(l.split()[:2]) for l in f if l.strip() and not l.startswith("#")}
    problems, seen = [], set()
    for folder, _, files in sorted(os.walk(os.path.join(root, "Sources"))):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                for p, line, fn, count in long_functions(os.path.relpath(path, root), f.read()):
                    seen.add((p, fn))
                    if (p, fn) not in allowed:
                        problems.append(f"{p}:{line}: {fn} is {count} lines (limit {LIMIT})")
    for p, fn in sorted(allowed - seen):
        problems.append(f"{p}: {fn} is no longer over {LIMIT} lines: remove it from "
                        "scripts/long-functions.allow")
    return problems


def main(root):
    problems = []
    with open(os.path.join(root, "Package.swift"), encoding="utf-8") as f:
        package = f.read()
    with open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8") as f:
        doc = f.read()
    problems += module_table_differences(package, doc)
    problems += long_function_problems(root)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
