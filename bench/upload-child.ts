/**
 * The upload benchmark's server child (upload-server.ts): started with node's tsx loader directly
 * (not through the tsx CLI, whose own process would stand between us and the server, so that the
 * pid we kill and whose memory we read is the server's), stopped in order or killed with SIGKILL,
 * and its resident memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL database of the server; without it, the embedded database in dataDir. */
  databaseUrl?: string;
  doctor: string;
  password: string;
  /** Port to listen on (default: any free port). */
  port?: number;
  /** More environment for the server (e.g. TILE_DISK_CACHE_MB). */
  env?: Record<string, string>;
  /** The server to run: the real one, or the bound (upload-bound-server.ts). */
  script?: 'upload-server.ts' | 'upload-bound-server.ts';
}

export interface ServerChild {
  pid: number;
  base: string;
  /** SIGTERM, then SIGKILL if it has not ended after a while. */
  stop(): Promise<void>;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
}

const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
    } else {
      child.once('exit', () => resolve());
    }
  });
}

/** Starts the server and resolves once it printed READY with its port. */
export async function startServer(o: ServerOptions): Promise<ServerChild> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...o.env,
    DATA_DIR: o.dataDir,
    PORT: String(o.port ?? 0),
  };
  delete env.DATABASE_URL;
  if (o.databaseUrl) {
    env.DATABASE_URL = o.databaseUrl;
  }
  env.BENCH_DOCTOR = o.doctor;
  env.BENCH_PASSWORD = o.password;
  // stdin stays open: when the bench dies, the pipe closes and the server ends itself.
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a CPU profile there when it ends.
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      '--import',
      'tsx',
      path.join(benchDir, o.script ?? 'upload-server.ts'),
    ],
    {
      cwd: benchDir,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = exitOf(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error('server not ready in time')), READY_TIMEOUT_MS);
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const ready = /READY (\d+)/.exec(stdout);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server ended before READY (${code ?? signal}): ${stderr.trim()}`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    pid,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function statusField(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Resident memory of a process now, in bytes. */
export const rssOf = (pid: number) => statusField(pid, 'VmRSS');

/**
 * Resets the process's peak resident memory (VmHWM) so that it then tells the peak of what
 * follows, between samples included. Returns false where the kernel does not allow it.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Peak resident memory since start or since resetPeakRss, in bytes. */
export const peakRssOf = (pid: number) => statusField(pid, 'VmHWM');

/** Samples a process's resident memory every `everyMs`; `stop` returns the samples. */
export function sampleRss(pid: number, everyMs: number): { stop: () => number[] } {
  const samples: number[] = [];
  const take = () => {
    try {
      const rss = rssOf(pid);
      if (Number.isFinite(rss)) {
        samples.push(rss);
      }
    } catch {
      // The process is gone (killed on purpose): no more samples.
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux everywhere we run). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a thread or process has used, from a /proc stat line. */
function cpuSecondsOf(statLine: string): number {
  // Fields after the command name (which may hold spaces) start at state; utime and stime are
  // the 14th and 15th fields of the line, the 12th and 13th after the name.
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export interface CpuSplit {
  /** The process's main thread (the event loop). */
  main: number;
  /** Its other threads: libuv's pool (file writes), V8's helpers (GC), workers. */
  others: number;
}

/** CPU seconds used so far by a process's main thread and by its other threads. */
export function cpuSplitOf(pid: number): CpuSplit {
  let main = 0;
  let others = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const seconds = cpuSecondsOf(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      if (Number(tid) === pid) {
        main += seconds;
      } else {
        others += seconds;
      }
    } catch {
      // The thread ended between the listing and the read: its time is in the process's total.
    }
  }
  return { main, others };
}
