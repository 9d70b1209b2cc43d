"""The study's settings (a healthpipe pipeline file) and the pipeline file written for each
participant.

The study file is read with healthpipe's own syntax (Pipelines/README.md, "Format"): INI-like
sections, `key = value`, comments with `#` or `;` at the start of a line or ` #` after a
value, and `include = FILE` in `[pipeline]` (or before any section), relative to the
including file's folder. Includes are inlined here, on the driver, so the executors get one
self-contained text. healthpipe itself checks every setting: the job only drops the keys it
owns for each participant (inputs, work, name, as-of, the report's destination and e-mail)
and forces an HTML report.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import Callable

# Keys the job sets per participant (or must never pass on: a cohort job sends no e-mail).
OWNED_KEYS = {
    "pipeline": {"name", "inputs", "work", "as_of", "timezone"},
    "report": {"format", "out", "to", "from", "send", "sendmail"},
}


class StudyFileError(Exception):
    """A study file that cannot be read or has a syntax error (exit 78 like healthpipe's)."""


@dataclass(frozen=True)
class Entry:
    """One `key = value` line of the study file (includes inlined), with where it came from."""

    section: str
    key: str
    value: str
    origin: str  # "FILE:LINE"


@dataclass(frozen=True)
class StudySettings:
    """The study's settings in file order, its `[pipeline] timezone` if any, and where they
    came from."""

    entries: tuple[Entry, ...]
    sections: tuple[tuple[str, str], ...]  # (name, origin) in order of appearance
    timezone: str | None
    source: str  # the study file's URI, or "" for healthpipe's defaults

    def canonical_text(self) -> str:
        """The settings as one text that changes exactly when a setting changes (the state key)."""
        lines = [f"[{name}]" for name, _ in self.sections]
        lines += [f"{e.section}.{e.key}={e.value}" for e in self.entries]
        return "\n".join(lines)


def _strip_comment(line: str) -> str:
    """healthpipe's rule (PipelineFileParser.stripComment): a line starting with # or ; is a
    comment; otherwise a # preceded by a blank starts one."""
    t = line.strip(" \t")
    if t.startswith("#") or t.startswith(";"):
        return ""
    previous = " "
    for i, c in enumerate(line):
        if c == "#" and previous in (" ", "\t"):
            return line[:i]
        previous = c
    return line


def parse_study(uri: str, read_text: Callable[[str], str]) -> StudySettings:
    """Reads the study file at `uri` (through `read_text`, any file system) with its includes."""
    entries: list[Entry] = []
    sections: list[tuple[str, str]] = []
    _parse(uri, read_text, entries, sections, stack=[], included_from=None)
    timezone = next(
        (e.value for e in entries if e.section == "pipeline" and e.key == "timezone"), None
    )
    return StudySettings(tuple(entries), tuple(sections), timezone, uri)


def default_study() -> StudySettings:
    """No `--pipeline`: healthpipe's own defaults for every setting."""
    return StudySettings((), (), None, "")


def _parse(
    uri: str,
    read_text: Callable[[str], str],
    entries: list[Entry],
    sections: list[tuple[str, str]],
    stack: list[str],
    included_from: str | None,
) -> None:
    if uri in stack:
        raise StudyFileError(f"include cycle: {' -> '.join(stack + [uri])}")
    try:
        text = read_text(uri)
    except Exception as error:  # any file system's error: say which file
        where = f" (included at {included_from})" if included_from else ""
        raise StudyFileError(f"pipeline file {uri}{where} cannot be read: {error}") from error
    section: str | None = None
    for number, raw in enumerate(text.split("\n"), start=1):
        origin = f"{uri}:{number}"
        line = _strip_comment(raw.rstrip("\r")).strip(" \t")
        if not line:
            continue
        if line.startswith("["):
            if not line.endswith("]") or len(line) <= 2:
                raise StudyFileError(f"{origin}: malformed section header '{line}'")
            section = line[1:-1].strip(" \t").lower()
            sections.append((section, origin))
            continue
        if "=" not in line:
            raise StudyFileError(f"{origin}: expected 'key = value' or '[section]', found '{line}'")
        key, value = line.split("=", 1)
        key, value = key.strip(" \t").lower(), value.strip(" \t")
        if key == "include" and section in (None, "pipeline"):
            target = (
                value
                if "://" in value or value.startswith("/")
                else posixpath.join(posixpath.dirname(uri), value)
            )
            _parse(target, read_text, entries, sections, stack + [uri], origin)
            continue
        if section is None:
            raise StudyFileError(f"{origin}: setting '{key}' appears before any [section]")
        entries.append(Entry(section, key, value, origin))


@dataclass(frozen=True)
class ParticipantPipeline:
    """The pipeline file text for one participant, and which study line each of its lines
    came from."""

    text: str
    origins: dict[int, str]  # line number in `text` -> "STUDY:LINE"

    def explain(self, message: str, path: str) -> str:
        """Rewrites `path:N` in a healthpipe message as the study file's line it came from."""
        for number, origin in self.origins.items():
            message = message.replace(f"{path}:{number}:", f"{origin}:").replace(
                f"{path}:{number} ", f"{origin} "
            )
        return message


def participant_pipeline(
    study: StudySettings, name: str, inputs: list[str], timezone: str
) -> ParticipantPipeline:
    """The pipeline file for one participant: its inputs (paths relative to the file's folder),
    `work` beside the file, the study's settings, and an HTML report in the work folder."""
    lines = [
        "# Written by the healthpipe cohort job for one participant (Cohort/, docs/scale-out.md).",
        "[pipeline]",
        f"name = {name}",
        "inputs = " + ", ".join(inputs),
        "work = work",
        f"timezone = {timezone}",
    ]
    origins: dict[int, str] = {}
    by_section: dict[str, list[Entry]] = {}
    for entry in study.entries:
        if entry.key in OWNED_KEYS.get(entry.section, set()):
            continue
        by_section.setdefault(entry.section, []).append(entry)
    order = [name_ for name_, _ in study.sections]
    seen: set[str] = set()
    for section in order:
        if section in seen:
            continue
        seen.add(section)
        entries = by_section.get(section, [])
        if section == "pipeline":
            for entry in entries:  # unknown [pipeline] keys: healthpipe names them
                lines.append(f"{entry.key} = {entry.value}")
                origins[len(lines)] = entry.origin
            continue
        if section == "report":
            continue  # written below, with the forced format
        lines.append(f"[{section}]")
        origins[len(lines)] = _origin_of(study, section)
        for entry in entries:
            lines.append(f"{entry.key} = {entry.value}")
            origins[len(lines)] = entry.origin
    lines.append("[report]")
    lines.append("format = html")
    for entry in by_section.get("report", []):
        lines.append(f"{entry.key} = {entry.value}")
        origins[len(lines)] = entry.origin
    return ParticipantPipeline("\n".join(lines) + "\n", origins)


def _origin_of(study: StudySettings, section: str) -> str:
    return next(origin for name, origin in study.sections if name == section)
