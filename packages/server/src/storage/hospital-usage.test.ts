import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytesToGb, folderBytes, hospitalSlidesDir } from './hospital-usage';

describe('hospital slide storage usage', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-usage-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('counts nothing for a hospital that has no slide folder yet', async () => {
    expect(await folderBytes(hospitalSlidesDir(dataDir, 7))).toBe(0);
  });

  it('adds up every file in nested folders, and only that hospital’s folder', async () => {
    const mine = hospitalSlidesDir(dataDir, 7);
    fs.mkdirSync(path.join(mine, 'case-1', 'slide.mrxs-data'), { recursive: true });
    fs.writeFileSync(path.join(mine, 'case-1', 'slide.svs'), Buffer.alloc(1000));
    fs.writeFileSync(
      path.join(mine, 'case-1', 'slide.mrxs-data', 'Data0000.dat'),
      Buffer.alloc(24),
    );
    fs.mkdirSync(hospitalSlidesDir(dataDir, 8), { recursive: true });
    fs.writeFileSync(path.join(hospitalSlidesDir(dataDir, 8), 'other.svs'), Buffer.alloc(5000));
    expect(await folderBytes(mine)).toBe(1024);
  });

  it('does not follow a link out of the hospital’s folder', async () => {
    const mine = hospitalSlidesDir(dataDir, 7);
    fs.mkdirSync(mine, { recursive: true });
    const outside = path.join(dataDir, 'elsewhere');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'big.bin'), Buffer.alloc(4096));
    fs.symlinkSync(outside, path.join(mine, 'link'));
    fs.writeFileSync(path.join(mine, 'a.svs'), Buffer.alloc(10));
    expect(await folderBytes(mine)).toBe(10);
  });

  it('converts bytes to GB of 1024³ bytes, keeping 3 decimals', () => {
    expect(bytesToGb(1024 ** 3)).toBe(1);
    expect(bytesToGb(1.5 * 1024 ** 3)).toBe(1.5);
    expect(bytesToGb(1024 ** 2)).toBe(0.001);
    expect(bytesToGb(1024 ** 2 / 2 - 1)).toBe(0);
    expect(bytesToGb(0)).toBe(0);
  });
});
