import { crc32 } from 'node:zlib';

/**
 * The index of a tile pack (tile-pack-store.ts), written beside it once the pack takes no more
 * entries: where each entry lies, so that a restart knows a pack's tiles from a few kilobytes
 * instead of reading the whole pack (64 MB, a 2 GB cache is 32 of them).
 *
 * `PCI1 | pack size (u48) | count (u32) | count × (key length u8 | offset u48 | entry length u32 |
 * key) | CRC-32 of everything before (u32)`. An index is trusted only whole (its CRC) and only for
 * a pack of exactly the size it names; the entries themselves are still checked when read.
 */
export interface PackIndexEntry {
  key: string;
  offset: number;
  /** Bytes of the whole entry in the pack. */
  length: number;
  keyLength: number;
}

const MAGIC = Buffer.from('PCI1', 'latin1');
const HEAD = 4 + 6 + 4;
const ENTRY_FIXED = 1 + 6 + 4;

export function encodePackIndex(packSize: number, entries: readonly PackIndexEntry[]): Buffer {
  const bytes =
    HEAD + entries.reduce((sum, e) => sum + ENTRY_FIXED + e.key.length, 0) + 4; /* CRC */
  const out = Buffer.allocUnsafe(bytes);
  MAGIC.copy(out, 0);
  out.writeUIntBE(packSize, 4, 6);
  out.writeUInt32BE(entries.length, 10);
  let at = HEAD;
  for (const e of entries) {
    out.writeUInt8(e.key.length, at);
    out.writeUIntBE(e.offset, at + 1, 6);
    out.writeUInt32BE(e.length, at + 7);
    out.write(e.key, at + ENTRY_FIXED, 'latin1');
    at += ENTRY_FIXED + e.key.length;
  }
  out.writeUInt32BE(crc32(out.subarray(0, at)), at);
  return out;
}

/**
 * The entries of an index of a pack now `packSize` bytes long, or null when the index is damaged,
 * of another layout, or of a pack that has changed size since (not to be trusted: scan instead).
 * `validKey` refuses keys the store never writes.
 */
export function decodePackIndex(
  index: Buffer,
  packSize: number,
  validKey: (key: string) => boolean,
): PackIndexEntry[] | null {
  if (index.length < HEAD + 4 || !index.subarray(0, 4).equals(MAGIC)) {
    return null;
  }
  const end = index.length - 4;
  if (index.readUInt32BE(end) !== crc32(index.subarray(0, end))) {
    return null;
  }
  if (index.readUIntBE(4, 6) !== packSize) {
    return null;
  }
  const count = index.readUInt32BE(10);
  const entries: PackIndexEntry[] = [];
  let at = HEAD;
  for (let n = 0; n < count; n++) {
    if (at + ENTRY_FIXED > end) {
      return null;
    }
    const keyLength = index.readUInt8(at);
    const offset = index.readUIntBE(at + 1, 6);
    const length = index.readUInt32BE(at + 7);
    const key = index.toString('latin1', at + ENTRY_FIXED, at + ENTRY_FIXED + keyLength);
    at += ENTRY_FIXED + keyLength;
    if (at > end || !validKey(key) || key.length !== keyLength || offset + length > packSize) {
      return null;
    }
    entries.push({ key, offset, length, keyLength });
  }
  return at === end ? entries : null;
}
