import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { assertDiskRoom, freeDiskBytes, isDiskFullError } from './disk-space';

const GB = 1024 ** 3;

/** The refusal's code, or null when the upload may start. */
async function refusal(bytes: number, reserve: number): Promise<string | null> {
  try {
    await assertDiskRoom(os.tmpdir(), bytes, reserve);
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('assertDiskRoom (the real free space of the temporary folder)', () => {
  it('lets an upload start that leaves the reserve free', async () => {
    expect(await refusal(1024 ** 2, 0)).toBeNull();
  });

  it('calls the disk full when even the reserve is not free, whatever the slide', async () => {
    const free = await freeDiskBytes(os.tmpdir());
    expect(await refusal(1, free + GB)).toBe('SERVER_DISK_FULL');
  });

  it('refuses only the slide that does not fit in what is left above the reserve', async () => {
    const free = await freeDiskBytes(os.tmpdir());
    // 2 GB left above the reserve, give or take what other processes write meanwhile.
    expect(await refusal(10 * GB, Math.max(0, free - 2 * GB))).toBe('SLIDE_EXCEEDS_SERVER_DISK');
  });
});

describe('isDiskFullError', () => {
  it('knows a full disk and a full quota, and nothing else', () => {
    expect(isDiskFullError(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('x'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('x'), { code: 'EIO' }))).toBe(false);
    expect(isDiskFullError(null)).toBe(false);
  });
});
