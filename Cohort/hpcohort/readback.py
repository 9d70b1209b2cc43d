"""Reading healthpipe's table files back on the executor, through the binary itself.

`healthpipe export TABLE --format ndjson` prints one JSON object per row with the header's
columns in order; `healthpipe inspect TABLE --json` prints the header. Doubles are printed
with the shortest text that reads back as the same double, so `json.loads` gives the very
value healthpipe computed: the Parquet rows equal `healthpipe export` exactly.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import subprocess
from collections import Counter
from typing import Any, Callable, Iterator

from pyspark.sql.types import BooleanType, DataType, DateType, DoubleType, IntegerType, LongType


class ReadBackError(Exception):
    """A table that could not be read back (the participant becomes a `failures` row)."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def _converter(dtype: DataType) -> Callable[[Any], Any] | None:
    """How a JSON value becomes the Spark type's Python value (None: used as it is)."""
    if isinstance(dtype, DateType):
        return lambda v: None if v is None else datetime.date.fromisoformat(v)
    if isinstance(dtype, DoubleType):
        return lambda v: None if v is None else float(v)  # 6 -> 6.0
    if isinstance(dtype, (LongType, IntegerType)):
        return lambda v: None if v is None else int(v)
    if isinstance(dtype, BooleanType):
        return lambda v: None if v is None else bool(v)
    return None


def export_rows(binary: str, table_path: str) -> Iterator[dict[str, Any]]:
    """Every row of a table file as a dict, in the file's order."""
    process = subprocess.Popen(
        [binary, "export", table_path, "--format", "ndjson", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    try:
        for line in process.stdout:
            if line.strip():
                yield json.loads(line)
    finally:
        process.stdout.close()
        err = process.stderr.read().decode("utf-8", "replace")
        process.stderr.close()
        code = process.wait()
    if code != 0:
        raise ReadBackError(f"healthpipe export {table_path} exited {code}: {err.strip()}", code)


def typed_rows(
    binary: str, table_path: str, columns: list[tuple[str, DataType, bool]]
) -> Iterator[tuple]:
    """The rows of a healthpipe table as tuples in `columns` order, typed for Spark.

    The first row's keys must be exactly the expected columns: a healthpipe build with another
    schema is refused (exit 70, internal error) rather than read into the wrong columns."""
    names = [name for name, _, _ in columns]
    converters = [(i, f) for i, (_, t, _) in enumerate(columns) if (f := _converter(t)) is not None]
    checked = False
    for row in export_rows(binary, table_path):
        if not checked:
            if list(row.keys()) != names:
                raise ReadBackError(
                    f"{table_path}: healthpipe wrote the columns {list(row.keys())}, "
                    f"the cohort job expects {names}; update Cohort/hpcohort/schemas.py for "
                    "this healthpipe build",
                    70,
                )
            checked = True
        values = list(row.values())  # every row has the header's columns, in order
        for i, convert in converters:
            values[i] = convert(values[i])
        yield tuple(values)


def count_rows(binary: str, table_path: str, fields: list[str]) -> Counter:
    """How many rows have each combination of `fields` (strings), from the table's CSV
    export: counting a rejects table needs neither JSON nor every column."""
    process = subprocess.Popen(
        [binary, "export", table_path, "--format", "csv", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    counts: Counter = Counter()
    with io.TextIOWrapper(process.stdout, encoding="utf-8", newline="") as text:
        reader = csv.reader(text)
        head = next(reader, [])
        try:
            positions = [head.index(f) for f in fields]
        except ValueError:
            positions = []
        for record in reader:
            counts[tuple(record[i] for i in positions)] += 1
    err = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    code = process.wait()
    if code != 0 or not positions:
        raise ReadBackError(
            f"healthpipe export {table_path} exited {code}: {err.strip() or 'columns missing'}",
            code or 70,
        )
    return counts


def header(binary: str, table_path: str) -> dict[str, Any]:
    """The table's header (`healthpipe inspect --json`): columns, inputs, facts."""
    result = subprocess.run(
        [binary, "inspect", table_path, "--json", "--quiet"], capture_output=True
    )
    if result.returncode != 0:
        raise ReadBackError(
            f"healthpipe inspect {table_path} exited {result.returncode}: "
            + result.stderr.decode("utf-8", "replace").strip(),
            result.returncode,
        )
    return json.loads(result.stdout)["header"]
