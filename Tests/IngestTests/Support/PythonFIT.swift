import Foundation
import TestSupport

/// An independent FIT reader in Python's standard library, written from the protocol
/// description for the tests: it walks headers, definitions, data messages (normal and
/// compressed-timestamp headers, developer fields, both byte orders), checks every CRC with
/// the protocol's nibble table, and prints what the tests compare with healthpipe's
/// samples, as JSON. Chained files are read in turn.
enum PythonFIT {
  static let script = #"""
    import json, struct, sys
    TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    def crc16(data):
        crc = 0
        for b in data:
            t = TABLE[crc & 0xF]; crc = (crc >> 4) & 0x0FFF; crc = crc ^ t ^ TABLE[b & 0xF]
            t = TABLE[crc & 0xF]; crc = (crc >> 4) & 0x0FFF; crc = crc ^ t ^ TABLE[(b >> 4) & 0xF]
        return crc
    SIZES = {0:1,1:1,2:1,3:2,4:2,5:4,6:4,7:1,8:4,9:8,10:1,11:2,12:4,13:1,14:8,15:8,16:8}
    INVALID = {0:0xFF,1:0x7F,2:0xFF,3:0x7FFF,4:0xFFFF,5:0x7FFFFFFF,6:0xFFFFFFFF,7:0,8:0xFFFFFFFF,
               9:0xFFFFFFFFFFFFFFFF,10:0,11:0,12:0,13:0xFF,14:0x7FFFFFFFFFFFFFFF,15:0xFFFFFFFFFFFFFFFF,16:0}
    def read_files(b):
        pos = 0; out = []
        while pos < len(b):
            if all(x == 0 for x in b[pos:]): break
            hs = b[pos]; assert b[pos+8:pos+12] == b'.FIT'
            ds, = struct.unpack_from('<I', b, pos + 4)
            if hs >= 14:
                hc, = struct.unpack_from('<H', b, pos + 12)
                assert hc == 0 or hc == crc16(b[pos:pos+12]), 'header crc'
            end = pos + hs + ds
            fc, = struct.unpack_from('<H', b, end)
            assert fc == crc16(b[pos:end]), 'file crc'
            out.append(messages(b, pos + hs, end))
            pos = end + 2
        return out
    def value(raw, bt, big):
        t = bt & 0x1F; size = SIZES.get(t, 1)
        if len(raw) % size: return None
        vals = []
        for k in range(0, len(raw), size):
            v = int.from_bytes(raw[k:k+size], 'big' if big else 'little')
            if t in (7,): return raw.split(b'\0')[0].decode() or None
            if v == INVALID.get(t, 0xFF): vals.append(None); continue
            if t in (1,3,5,14) and v >= 1 << (8*size - 1): v -= 1 << (8*size)
            vals.append(v)
        return vals[0] if len(vals) == 1 else vals
    def messages(b, pos, end):
        defs = {}; last = 0; msgs = []
        while pos < end:
            h = b[pos]; pos += 1
            if h & 0x80:
                local = (h >> 5) & 3; off = h & 0x1F
                ts = (last & ~0x1F) + off
                if off < (last & 0x1F): ts += 0x20
                last = ts
            elif h & 0x40:
                big = b[pos+1] == 1
                g = int.from_bytes(b[pos+2:pos+4], 'big' if big else 'little'); n = b[pos+4]; pos += 5
                fields = [(b[pos+3*i], b[pos+3*i+1], b[pos+3*i+2]) for i in range(n)]; pos += 3*n
                dev = 0
                if h & 0x20:
                    nd = b[pos]; pos += 1
                    dev = sum(b[pos+3*i+1] for i in range(nd)); pos += 3*nd
                defs[h & 0xF] = (g, big, fields, dev)
                continue
            else:
                local = h & 0xF; ts = None
            g, big, fields, dev = defs[local]
            vals = {}
            for (num, size, bt) in fields:
                vals[num] = value(b[pos:pos+size], bt, big); pos += size
            pos += dev
            if vals.get(253) is not None: last = vals[253]; ts = last
            elif ts is None and g == 55 and vals.get(26) is not None:
                ts = last + ((vals[26] - (last & 0xFFFF)) & 0xFFFF)
            msgs.append({'g': g, 'ts': ts, 'v': {str(k): v for k, v in vals.items()}})
        return msgs
    EPOCH = 631065600
    paths = sys.argv[1:]
    result = []
    for p in paths:
        for f in read_files(open(p, 'rb').read()):
            result.append(f)
    json.dump(result, sys.stdout)
    """#

  /// The messages of each FIT file in `paths` (chained files one after the other): per
  /// message its global number `g`, its time `ts` (FIT seconds, or nil) and its values `v`
  /// by field number (arrays as lists, invalid values nil).
  static func messages(_ paths: [String]) throws -> [[[String: Any]]] {
    let value = try Python.json(script, paths)
    return value as? [[[String: Any]]] ?? []
  }

  /// FIT seconds to epoch seconds.
  static func epoch(_ fit: Int) -> Int64 { Int64(fit) + 631_065_600 }
}
