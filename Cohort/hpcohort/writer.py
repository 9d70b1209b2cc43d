"""Writing the Parquet tables so that a rerun gives the same content and touches only what
changed.

Participant tables are partitioned by `participant` (`daily/participant=p001/part-*.parquet`,
one file per participant and table). A run writes the partitions of the participants it ran
with Spark's dynamic partition overwrite (each partition is replaced as a whole when the
write commits; the others are left alone), then removes the partitions those participants
no longer have rows in (a participant that failed this time has no `daily` rows) and every
partition of a participant whose folder is gone. Rows are sorted by the table's key inside
each file. Cohort tables are small and rewritten whole, in one sorted file.

Reading them back: `spark.read.schema(...)` or `spark.sql.sources.partitionColumnTypeInference
.enabled=false`, so ids such as `007` stay strings (docs/scale-out.md, "Outputs").
"""

from __future__ import annotations

from pyspark.rdd import RDD
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.types import MapType, StructType

from .hadoop import HadoopFS
from .schemas import SORT_KEYS, schema_of


def table_uri(out: str, table: str) -> str:
    return f"{out}/{table}"


def partition_uri(out: str, table: str, pid: str) -> str:
    return f"{out}/{table}/participant={pid}"  # ids need no escaping (model.PARTICIPANT_ID)


def sort_columns(schema: StructType, keys: list[str]) -> list[str]:
    """The key, then every other sortable column: a total order of the rows."""
    rest = [
        f.name for f in schema.fields if f.name not in keys and not isinstance(f.dataType, MapType)
    ]
    return keys + [c for c in rest if c != "participant"]


def write_participant_table(
    spark: SparkSession,
    fs: HadoopFS,
    rows: RDD,
    table: str,
    out: str,
    ran: set[str],
    with_rows: set[str],
    removed: set[str],
) -> None:
    """Writes the participants' rows of one table (the RDD keeps each participant's rows in
    one partition, so each partition folder gets one file)."""
    schema = schema_of(table)
    df = spark.createDataFrame(rows, schema, verifySchema=False)
    ordered = df.sortWithinPartitions("participant", *sort_columns(schema, SORT_KEYS[table]))
    (
        ordered.write.mode("overwrite")
        .option("partitionOverwriteMode", "dynamic")
        .partitionBy("participant")
        .parquet(table_uri(out, table))
    )
    for pid in sorted((ran - with_rows) | removed):
        fs.delete(partition_uri(out, table, pid))


def literal(uri: str) -> str:
    """`uri` with Hadoop's glob characters escaped: Spark's readers expand globs in paths,
    and an output folder may well be called `out[2]`."""
    return "".join("\\" + c if c in "\\[]{}*?" else c for c in uri)


def read_participant_table(spark: SparkSession, out: str, table: str) -> DataFrame:
    """Every participant's rows of a table, with `participant` as the string it is."""
    return spark.read.schema(schema_of(table)).parquet(literal(table_uri(out, table)))


def write_compacted(spark: SparkSession, out: str, table: str, files: int) -> None:
    """`compact/<table>`: every participant's rows of a table in `files` files (participants
    hashed over them, whole), sorted: the copy to read when one file per participant is
    too many small files."""
    schema = schema_of(table)
    df = read_participant_table(spark, out, table).repartition(files, "participant")
    (
        df.sortWithinPartitions("participant", *sort_columns(schema, SORT_KEYS[table]))
        .select(*schema.fieldNames())
        .write.mode("overwrite")
        .parquet(f"{out}/compact/{table}")
    )


def write_whole(df: DataFrame, uri: str, keys: list[str]) -> None:
    """A small table rewritten whole as one file, rows sorted by `keys` (a total order)."""
    df.coalesce(1).sortWithinPartitions(*keys).write.mode("overwrite").parquet(uri)
