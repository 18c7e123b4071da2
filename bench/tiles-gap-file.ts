/**
 * Makes the tile benchmark's gap file from a libvips pyramid (BigTIFF, every level half the one
 * above): keeps levels 0, 2 and 4 of the IFD chain (downsamples 1, 4, 16, as scanners write
 * SVS files) and gives level 0 an Aperio ImageDescription, by appending a new first IFD and
 * relinking the chain. The dropped levels' bytes stay in the file, unreferenced. Our own code, so
 * that the bench needs no libtiff tools (installing them upgrades the libtiff OpenSlide uses).
 */
import fs from 'node:fs';

const ENTRY = 20; // BigTIFF IFD entry: tag u16, type u16, count u64, value/offset u64
const IMAGE_DESCRIPTION = 270;
const ASCII = 2;

interface IfdAt {
  offset: number;
  entries: Buffer[];
  /** Where this IFD's next-IFD pointer is. */
  nextAt: number;
}

function readIfds(file: Buffer): IfdAt[] {
  if (file.toString('latin1', 0, 2) !== 'II' || file.readUInt16LE(2) !== 43) {
    throw new Error('not a little-endian BigTIFF');
  }
  const ifds: IfdAt[] = [];
  let offset = Number(file.readBigUInt64LE(8));
  while (offset !== 0) {
    const count = Number(file.readBigUInt64LE(offset));
    const entries = Array.from({ length: count }, (_, i) =>
      Buffer.from(file.subarray(offset + 8 + i * ENTRY, offset + 8 + (i + 1) * ENTRY)),
    );
    const nextAt = offset + 8 + count * ENTRY;
    ifds.push({ offset, entries, nextAt });
    offset = Number(file.readBigUInt64LE(nextAt));
  }
  return ifds;
}

/** `source` (a libvips BigTIFF pyramid) → `target` with levels 0, 2, 4 and `description`. */
export function writeGapFile(source: string, target: string, description: string): void {
  const file = fs.readFileSync(source);
  const ifds = readIfds(file);
  const [l0, , l2, , l4] = ifds;
  if (!l0 || !l2 || !l4) {
    throw new Error(`${source}: expected at least 5 levels, found ${ifds.length}`);
  }
  const text = Buffer.from(`${description}\0`, 'latin1');
  const textAt = file.length;
  const ifdAt = textAt + text.length + ((8 - ((textAt + text.length) % 8)) % 8);
  const described = Buffer.alloc(ENTRY);
  described.writeUInt16LE(IMAGE_DESCRIPTION, 0);
  described.writeUInt16LE(ASCII, 2);
  described.writeBigUInt64LE(BigInt(text.length), 4);
  described.writeBigUInt64LE(BigInt(textAt), 12);
  const entries = [...l0.entries.filter((e) => e.readUInt16LE(0) !== IMAGE_DESCRIPTION), described];
  entries.sort((a, b) => a.readUInt16LE(0) - b.readUInt16LE(0));
  const ifd = Buffer.alloc(8 + entries.length * ENTRY + 8);
  ifd.writeBigUInt64LE(BigInt(entries.length), 0);
  entries.forEach((e, i) => e.copy(ifd, 8 + i * ENTRY));
  ifd.writeBigUInt64LE(BigInt(l2.offset), 8 + entries.length * ENTRY);
  const out = Buffer.concat([file, text, Buffer.alloc(ifdAt - textAt - text.length), ifd]);
  out.writeBigUInt64LE(BigInt(ifdAt), 8); // the first IFD
  out.writeBigUInt64LE(BigInt(l4.offset), l2.nextAt);
  out.writeBigUInt64LE(0n, l4.nextAt);
  fs.writeFileSync(target, out);
}
