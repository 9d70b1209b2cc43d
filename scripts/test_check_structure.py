"""Tests of check_structure.py (standard library only; run by `swift test`, ScriptTests)."""

import os
import unittest

import check_structure as cs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def function(name, body_lines):
    """A Swift function whose declaration-to-brace span is body_lines + 2 lines."""
    body = "\n".join(f"  let x{i} = {i}" for i in range(body_lines))
    return f"func {name}() {{\n{body}\n}}\n"


class LongFunctionTests(unittest.TestCase):
    def test_counts_from_keyword_to_closing_brace(self):
        # 78 body lines + the two brace lines = 80: at the limit, not over it.
        self.assertEqual(cs.long_functions("a.swift", function("ok", 78)), [])
        # 79 + 2 = 81 lines, starting on line 1.
        self.assertEqual(
            cs.long_functions("a.swift", function("long", 79)), [("a.swift", 1, "long", 81)])

    def test_braces_in_strings_and_comments_do_not_count(self):
        text = (
            'func f() {\n  let s = "}}}"\n  // }\n  /* } */\n  let t = """\n  }\n  """\n'
            '  let u = #"\\(}"#\n  let v = "a\\(g("}"))b"\n'
            + "\n".join("  x()" for _ in range(75)) + "\n}\n")
        # 1 + 8 + 75 + 1 = 85 lines; a stray brace would end the body early.
        self.assertEqual(cs.long_functions("b.swift", text), [("b.swift", 1, "f", 85)])

    def test_initializers_and_protocol_requirements(self):
        text = "protocol P {\n  func req()\n  var x: Int { get }\n}\n" + function("init", 90)
        text = text.replace("func init()", "init()")
        self.assertEqual(cs.long_functions("c.swift", text), [("c.swift", 5, "init", 92)])


class ModuleTableTests(unittest.TestCase):
    PACKAGE = (
        '.target(name: "Core", dependencies: ["CZ"]),\n'
        '.target(name: "Stage", dependencies: ["Core"]),\n'
        '.systemLibrary(name: "CZ", path: "Sources/CZ"),\n')
    DOC = (
        "## Modules\n\n| module | depends on | owns |\n|---|---|---|\n"
        "| `CZ` | system zlib | shim |\n| `Core` | CZ | model |\n| `Stage` | Core | work |\n"
        "\n## Next\n")

    def test_agreeing_table(self):
        self.assertEqual(cs.module_table_differences(self.PACKAGE, self.DOC), [])

    def test_a_dependency_the_table_does_not_name(self):
        doc = self.DOC.replace("| `Stage` | Core |", "| `Stage` | Core, CZ |")
        self.assertEqual(
            cs.module_table_differences(self.PACKAGE, doc),
            ["module Stage: Package.swift depends on ['Core'], the table says ['CZ', 'Core']"])

    def test_a_module_missing_from_the_table(self):
        doc = self.DOC.replace("| `Stage` | Core | work |\n", "")
        self.assertEqual(
            cs.module_table_differences(self.PACKAGE, doc),
            ["module Stage is in Package.swift but not in the table"])


class RepositoryTests(unittest.TestCase):
    def test_the_repository_passes(self):
        # The four stages are in the table, and each depends on the core modules, Exports (the
        # tables in other tools' formats, itself on the core modules only) and system
        # library shims (C modules: CZlib, CSQLite) only, never on another stage.
        core = {"HealthModel", "HealthSystem", "HealthCore"}
        with open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8") as f:
            modules = cs.documented_modules(f.read())
        self.assertEqual(modules.get("Exports"), core)
        for stage in ["Ingest", "Clean", "Aggregate", "Report"]:
            deps = modules.get(stage, set())
            self.assertIn("HealthCore", deps, stage)
            allowed = core | {"Exports"}
            self.assertLessEqual({d for d in deps if not d.startswith("C")}, allowed, stage)
        self.assertEqual(cs.long_function_problems(ROOT), [])
        self.assertEqual(cs.main(ROOT), 0)


if __name__ == "__main__":
    unittest.main()
