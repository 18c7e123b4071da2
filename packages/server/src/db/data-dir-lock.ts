import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data folder is in use by another PathConsult process (pid ${pid}); lock file ${lockFile}`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Creates `target` holding `content` in one step: it appears complete or not at all. */
function createAtomically(target: string, content: string): boolean {
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return false;
    }
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Lock files this process holds: taking one twice is a programming error, not a stale lock. */
const heldHere = new Set<string>();

/** A takeover left behind by a process that died mid-way is this old. */
const STALE_TAKEOVER_MS = 5_000;

/**
 * Takes `<dataDir>/pathconsult.lock` holding our pid, so that a second process on the same folder
 * (two PGlite instances would corrupt it) refuses to start. The lock file is created with its
 * content in one step (link of a written file), so nobody ever reads a half-written lock. A lock
 * left by a process that no longer runs (a crash, kill -9) is removed by whichever process first
 * takes the takeover file, and only after it re-read the same dead pid there; the others wait and
 * try again. Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pathconsult.lock');
  const takeover = `${lockFile}.takeover`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createAtomically(lockFile, String(process.pid))) {
      heldHere.add(lockFile);
      let released = false;
      return () => {
        if (!released && readPid(lockFile) === process.pid) {
          fs.rmSync(lockFile, { force: true });
        }
        heldHere.delete(lockFile);
        released = true;
      };
    }
    const holder = readPid(lockFile);
    // Our own pid in a lock we do not hold was left by an earlier process that had the same pid
    // (pid 1 in every container): stale like any other.
    const live =
      holder === process.pid ? heldHere.has(lockFile) : holder != null && isAlive(holder);
    if (live && holder != null) {
      throw new DataDirLockedError(lockFile, holder);
    }
    if (createAtomically(takeover, String(process.pid))) {
      try {
        if (readPid(lockFile) === holder) {
          fs.rmSync(lockFile, { force: true });
        }
      } finally {
        fs.rmSync(takeover, { force: true });
      }
    } else {
      const age = Date.now() - (fs.statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > STALE_TAKEOVER_MS) {
        fs.rmSync(takeover, { force: true });
      }
      sleepSync(10);
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
