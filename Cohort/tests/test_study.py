"""The study file read with healthpipe's syntax, and the pipeline file written per participant."""

from __future__ import annotations

import pytest

from hpcohort.study import StudyFileError, parse_study, participant_pipeline


def reader(files: dict[str, str]):
    def read(uri: str) -> str:
        if uri not in files:
            raise FileNotFoundError(uri)
        return files[uri]

    return read


STUDY = """# study settings
[pipeline]
name = study            # the job names each participant's pipeline itself
inputs = exports/*.zip
include = goals.pipeline
timezone = Europe/Berlin

[clean]
priority = manual, Apple Watch, iPhone, *   ; kept: ; starts a comment only at a line's start

[report]
format = email
to = me@example.com
send = true
window = 90
"""
GOALS = """[aggregate]
goals = active, walk
week_start = sunday
[goal.walk]
condition = distance >= 5#kept  # a # after a blank starts a comment
"""


def test_includes_are_inlined_and_comments_follow_healthpipes_rule():
    study = parse_study(
        "/s/study.pipeline", reader({"/s/study.pipeline": STUDY, "/s/goals.pipeline": GOALS})
    )
    entries = [(e.section, e.key, e.value, e.origin) for e in study.entries]
    assert ("aggregate", "week_start", "sunday", "/s/goals.pipeline:3") in entries
    assert ("goal.walk", "condition", "distance >= 5#kept", "/s/goals.pipeline:5") in entries
    assert (
        "clean",
        "priority",
        "manual, Apple Watch, iPhone, *   ; kept: ; starts a comment only at a line's start",
        "/s/study.pipeline:9",
    ) in entries
    assert ("pipeline", "name", "study", "/s/study.pipeline:3") in entries
    assert study.timezone == "Europe/Berlin"


def test_the_participant_file_keeps_the_settings_and_drops_what_the_job_owns():
    study = parse_study(
        "/s/study.pipeline", reader({"/s/study.pipeline": STUDY, "/s/goals.pipeline": GOALS})
    )
    pipeline = participant_pipeline(
        study, "p01", ["in/0000-export.zip", "in/0001-a_b.csv"], "Europe/Berlin"
    )
    lines = pipeline.text.splitlines()
    assert lines[1:6] == [
        "[pipeline]",
        "name = p01",
        "inputs = in/0000-export.zip, in/0001-a_b.csv",
        "work = work",
        "timezone = Europe/Berlin",
    ]
    body = "\n".join(lines)
    for gone in (
        "exports/*.zip",
        "name = study",
        "me@example.com",
        "send = true",
        "format = email",
    ):
        assert gone not in body
    assert "[report]\nformat = html\nwindow = 90" in body
    assert "[goal.walk]\ncondition = distance >= 5#kept\n" in body
    # A healthpipe message about a line of this file names the study file's line instead.
    number = lines.index("week_start = sunday") + 1
    message = f"healthpipe: error: /tmp/x/participant.pipeline:{number}: bad week start"
    assert pipeline.explain(message, "/tmp/x/participant.pipeline") == (
        "healthpipe: error: /s/goals.pipeline:3: bad week start"
    )


def test_include_cycles_and_syntax_errors_name_the_file_and_line():
    with pytest.raises(StudyFileError, match="include cycle"):
        parse_study("/a", reader({"/a": "include = /b\n", "/b": "include = /a\n"}))
    with pytest.raises(StudyFileError, match="/a:2: expected 'key = value'"):
        parse_study("/a", reader({"/a": "[clean]\npriority manual\n"}))
    with pytest.raises(StudyFileError, match="cannot be read"):
        parse_study("/a", reader({"/a": "include = missing.pipeline\n"}))
