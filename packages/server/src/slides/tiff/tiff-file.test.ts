import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as NodeFs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TiffFile } from './tiff-file';

// Counts reads done at once (readSync) and through the thread pool (read).
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof NodeFs>();
  return { ...real, read: vi.fn(real.read), readSync: vi.fn(real.readSync) };
});
const { read, readSync } = await import('node:fs');

describe('TiffFile reads', () => {
  let dir: string;
  let file: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiff-file-'));
    file = path.join(dir, 'data.bin');
    fs.writeFileSync(file, Buffer.alloc(64 * 1024, 7));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(read).mockClear();
    vi.mocked(readSync).mockClear();
  });

  /** Every read appears to take `ms` (the clock moves that much each time it is looked at). */
  function readsTake(ms: () => number) {
    let now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += ms()));
  }

  /** Reads `count` small pieces of `f` one after another. */
  async function readPieces(f: TiffFile, count: number) {
    for (let i = 0; i < count; i++) {
      await f.read(i * 1000, 500);
    }
  }

  it('reads small pieces at once while the storage answers fast', async () => {
    readsTake(() => 0.01);
    const f = await TiffFile.open(file);
    for (let i = 0; i < 20; i++) {
      expect(await f.read(i * 1000, 500)).toEqual(Buffer.alloc(500, 7));
    }
    expect(vi.mocked(readSync)).toHaveBeenCalledTimes(20);
    expect(vi.mocked(read)).not.toHaveBeenCalled();
    await f.close();
  });

  it('keeps reading at once after a single slow read (a thread descheduled under load)', async () => {
    let n = 0;
    // Two looks at the clock in eight move it 15 ms: some reads are slow, never three in a row.
    readsTake(() => (++n % 8 < 2 ? 15 : 0.01));
    const f = await TiffFile.open(file);
    await readPieces(f, 20);
    expect(vi.mocked(read)).not.toHaveBeenCalled();
    await f.close();
  });

  it('keeps reading at once when three reads in a row take a few milliseconds (a busy machine)', async () => {
    readsTake(() => 8);
    const f = await TiffFile.open(file);
    await readPieces(f, 10);
    expect(vi.mocked(readSync)).toHaveBeenCalledTimes(10);
    expect(vi.mocked(read)).not.toHaveBeenCalled();
    await f.close();
  });

  it('sends reads to the thread pool once three in a row were slow (slow storage)', async () => {
    readsTake(() => 15);
    const f = await TiffFile.open(file);
    await readPieces(f, 3);
    expect(vi.mocked(readSync)).toHaveBeenCalledTimes(3);
    expect(await f.read(5000, 500)).toEqual(Buffer.alloc(500, 7));
    expect(vi.mocked(read)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(readSync)).toHaveBeenCalledTimes(3);
    await f.close();
  });
});
