// System zlib, used for inflate (export.zip), deflate (PNG, zip writer) and CRC-32.
#include <zlib.h>
