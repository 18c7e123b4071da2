import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) {
    fs.rmSync(d, { recursive: true, force: true });
  }
});

const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const contender = path.resolve(import.meta.dirname, '../../test/fixtures/lock-contender.ts');

/**
 * Starts `n` processes that all try to take the lock at the same instant; returns what each got.
 * Holders keep the lock until every process has answered (their stdin is closed only then).
 */
async function race(dir: string, n: number): Promise<string[]> {
  const startAt = Date.now() + 2500; // after every process has started up
  const children = Array.from({ length: n }, () => spawn(tsx, [contender, dir, String(startAt)]));
  // Listened to from the start: a refused contender may exit before the answers are all in.
  const exits = children.map((child) => new Promise((r) => child.on('exit', r)));
  const answers = children.map(
    (child) =>
      new Promise<string>((resolve) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += String(d);
          if (out.includes('\n')) {
            resolve(out.trim());
          }
        });
        child.on('exit', () => resolve(out.trim()));
      }),
  );
  const outcomes = await Promise.all(answers);
  for (const child of children) {
    child.stdin.end();
  }
  await Promise.all(exits);
  return outcomes;
}

describe('data folder lock', () => {
  it('refuses a folder held by another live process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, 'pathconsult.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      other.kill();
    }
  });

  it('refuses a second take in the same process', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it('takes over a lock left by a process that no longer runs, and releases it', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.on('exit', r));
    fs.writeFileSync(path.join(dir, 'pathconsult.lock'), String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'pathconsult.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'pathconsult.lock'))).toBe(false);
  });

  it('lets exactly one of several processes starting at once hold it, fresh or stale', async () => {
    const fresh = tempDir();
    const stale = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.on('exit', r));
    fs.writeFileSync(path.join(stale, 'pathconsult.lock'), String(gone.pid));
    const [a, b] = await Promise.all([race(fresh, 6), race(stale, 6)]);
    for (const outcomes of [a, b]) {
      expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
    }
  }, 30_000);
});
