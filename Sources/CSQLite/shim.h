// System SQLite 3 (libsqlite3-dev on Debian/Ubuntu; part of macOS), used by the
// Interop module to write `healthpipe export --format sqlite` databases, by Ingest to read
// Android Health Connect exports and by SampleExports to write them.
#include <sqlite3.h>

// `sqlite3_config` is variadic, which Swift cannot call. Its one use: before the first
// connection, turn off SQLite's memory statistics, so that an allocation takes no global
// mutex (about 6 % of a bulk insert). SQLITE_MISUSE after initialisation is harmless.
static inline int healthpipe_sqlite3_disable_memstatus(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
