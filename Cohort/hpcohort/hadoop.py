"""The driver's file-system calls, through Hadoop's FileSystem API on Spark's JVM.

Whatever URI Spark itself reads (file:, hdfs://, s3a://, abfss://, gs://, ...) works here
with the cluster's own Hadoop configuration and credentials; nothing in Python needs a
client of its own. Only the driver uses this (the executors' Python workers have no JVM
gateway): for the listing, the study file, the reports and removing stale partitions.
"""

from __future__ import annotations

from pyspark.sql import SparkSession


class HadoopFS:
    """A few FileSystem operations on URIs."""

    def __init__(self, spark: SparkSession) -> None:
        self._jvm = spark.sparkContext._jvm
        self._conf = spark.sparkContext._jsc.hadoopConfiguration()

    def _path(self, uri: str):
        return self._jvm.org.apache.hadoop.fs.Path(uri)

    def _fs(self, path):
        return path.getFileSystem(self._conf)

    def qualify(self, uri: str) -> str:
        """The URI as the file system names its files (`/data` -> `file:/data`)."""
        path = self._path(uri)
        return self._fs(path).makeQualified(path).toString()

    def exists(self, uri: str) -> bool:
        path = self._path(uri)
        return bool(self._fs(path).exists(path))

    def is_directory(self, uri: str) -> bool:
        path = self._path(uri)
        fs = self._fs(path)
        return bool(fs.exists(path) and fs.getFileStatus(path).isDirectory())

    def list_directory(self, uri: str) -> list[tuple[str, bool]]:
        """(name, is a folder) of each entry of a folder, sorted by name."""
        path = self._path(uri)
        statuses = self._fs(path).listStatus(path)
        return sorted((s.getPath().getName(), bool(s.isDirectory())) for s in statuses)

    def read_bytes(self, uri: str) -> bytes:
        path = self._path(uri)
        stream = self._fs(path).open(path)
        try:
            return bytes(self._jvm.org.apache.commons.io.IOUtils.toByteArray(stream))
        finally:
            stream.close()

    def read_text(self, uri: str) -> str:
        return self.read_bytes(uri).decode("utf-8")

    def write_bytes(self, uri: str, data: bytes) -> None:
        """Writes a whole file (the file system's own create-and-rename or object put)."""
        path = self._path(uri)
        stream = self._fs(path).create(path, True)
        try:
            stream.write(bytearray(data))
        finally:
            stream.close()

    def delete(self, uri: str) -> bool:
        """Removes a file or folder (recursively); False when it was not there."""
        path = self._path(uri)
        return bool(self._fs(path).delete(path, True))

    def modification(self, uri: str) -> tuple[int, int]:
        """(size, modification time in ms) of a file."""
        path = self._path(uri)
        status = self._fs(path).getFileStatus(path)
        return int(status.getLen()), int(status.getModificationTime())
