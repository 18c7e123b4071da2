import { Worker } from 'node:worker_threads';
import { TURBOJPEG_LIBRARY_NAMES } from './turbojpeg-binding';
import { MAX_DECODE_PIXELS } from './types';

/** A stored JPEG tile and where its picture, decoded at 1/scale, goes on the canvas. */
export interface ComposeTile {
  bytes: Uint8Array;
  x: number;
  y: number;
}

/** One JPEG made of stored tiles: decoded at 1/scale, placed, cropped to `crop`, encoded. */
export interface ComposeJob {
  tiles: ComposeTile[];
  scale: 1 | 2 | 4 | 8;
  canvasWidth: number;
  canvasHeight: number;
  crop: { x: number; y: number; width: number; height: number };
  quality: number;
}

interface Pending {
  resolve: (jpeg: Buffer) => void;
  reject: (error: Error) => void;
}

interface Member {
  worker: Worker;
  /** The jobs handed to it and not yet answered (it works on them one at a time, in order). */
  jobs: Set<number>;
  /** Settles once the thread has ended. */
  ended: Promise<void>;
}

/** How long close() waits for a thread to end by itself before ending it anyway. */
const END_WAIT_MS = 5_000;

const MAX_LOST_IN_A_ROW = 3;

/**
 * Jobs handed to one thread before it has answered the first. A thread given one job at a time
 * sat idle from its answer until the main thread had taken it and sent the next: a hand-over each
 * way, 2–3 ms a job on this two-core virtual machine against 1 ms of work (bench:tiles, cold
 * tiles). With the next job already in its port it goes on at once.
 */
const JOBS_PER_THREAD = 3;

type Reply = { id: number; jpeg: Uint8Array } | { id: number; error: string };

/**
 * Worker threads that each build whole JPEGs from stored tiles (compose-worker.mjs): one
 * hand-over per picture instead of one per decode and encode. As many threads as cores (at most
 * 8), started on first use; jobs wait in order, and each thread is handed up to
 * JOBS_PER_THREAD of them at once. A thread that dies (it should not: it only calls
 * libjpeg-turbo on bytes it was given) fails every job it was handed and is replaced.
 */
export class ComposePool {
  private readonly members: Member[] = [];
  private readonly queue: Array<{ id: number; job: ComposeJob }> = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Threads lost in a row without a reply between (a thread that cannot even start). */
  private lostInARow = 0;
  private closed = false;

  /** `size` threads at most; none (0) makes the pool unusable. */
  constructor(private readonly size: number) {}

  /**
   * False once threads kept dying before answering anything (libturbojpeg missing in them, say):
   * callers then build pictures the other way, on the main thread's codec.
   */
  get usable(): boolean {
    return !this.closed && this.size > 0 && this.lostInARow < MAX_LOST_IN_A_ROW;
  }

  compose(job: ComposeJob): Promise<Buffer> {
    if (!this.usable) {
      return Promise.reject(
        new Error(
          this.closed ? 'the compose threads are closed' : 'the compose threads cannot start',
        ),
      );
    }
    const id = this.nextId++;
    const done = new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
    });
    this.queue.push({ id, job });
    this.dispatch();
    return done;
  }

  /** Starts every thread now rather than on first use. */
  start(): void {
    while (this.usable && this.grow()) {
      // grow() adds one thread a call, up to the pool's size.
    }
  }

  /**
   * Ends the threads: jobs waiting or under way fail at once (none is left unsettled), and later
   * ones are refused. Each thread is asked to end between two jobs, and ends by itself once its
   * native modules are loaded and the jobs already in its port are done (their answers are
   * dropped; at most JOBS_PER_THREAD, a few milliseconds): koffi aborts the process when its
   * thread is ended from outside while loading (a signal right after start-up, seen in CI as
   * exit code 134), and a test worker of CI died with threads ended mid-job. One that has not
   * ended within END_WAIT_MS is ended anyway.
   */
  async close(): Promise<void> {
    this.closed = true;
    const members = this.members.splice(0);
    this.queue.splice(0);
    const closing = new Error('the compose threads are closed');
    for (const pending of this.pending.values()) {
      pending.reject(closing);
    }
    this.pending.clear();
    await Promise.all(
      members.map(async (m) => {
        // Held open until it has ended (threads are unref'd): a process awaiting close() would
        // otherwise end first, the close unsettled.
        m.worker.ref();
        m.worker.postMessage({ close: true });
        let timer: NodeJS.Timeout | undefined;
        const bounded = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, END_WAIT_MS).unref();
        });
        await Promise.race([m.ended, bounded]);
        clearTimeout(timer);
        await m.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const member = this.leastBusy();
      if (!member) {
        return;
      }
      const { id, job } = this.queue.shift()!;
      member.jobs.add(id);
      // The tiles' bytes are copied, never transferred: they may be cached stored tiles.
      member.worker.postMessage({ id, ...job });
    }
  }

  /**
   * The thread to hand the next job to: an idle one (started if need be), else the one with the
   * fewest jobs while it has fewer than JOBS_PER_THREAD; null when every thread has that many.
   */
  private leastBusy(): Member | null {
    let best: Member | null = null;
    for (const member of this.members) {
      if (!best || member.jobs.size < best.jobs.size) {
        best = member;
      }
    }
    if (!best || best.jobs.size > 0) {
      best = this.grow() ?? best;
    }
    return best && best.jobs.size < JOBS_PER_THREAD ? best : null;
  }

  private grow(): Member | null {
    if (this.members.length >= this.size) {
      return null;
    }
    const worker = new Worker(new URL('./compose-worker.mjs', import.meta.url), {
      workerData: {
        libraryNames: TURBOJPEG_LIBRARY_NAMES,
        maxDecodePixels: MAX_DECODE_PIXELS,
      },
    });
    // Idle threads must not keep the process alive (tests, a server shutting down).
    worker.unref();
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const member: Member = { worker, jobs: new Set(), ended };
    worker.on('message', (reply: Reply) => {
      member.jobs.delete(reply.id);
      this.lostInARow = 0;
      this.settle(reply);
      this.dispatch();
    });
    worker.on('error', (error) => this.lost(member, error));
    worker.on('exit', (code) => this.lost(member, new Error(`compose thread exited (${code})`)));
    this.members.push(member);
    return member;
  }

  private settle(reply: Reply): void {
    const pending = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (!pending) {
      return;
    }
    if ('error' in reply) {
      pending.reject(new Error(reply.error));
    } else {
      pending.resolve(Buffer.from(reply.jpeg.buffer, reply.jpeg.byteOffset, reply.jpeg.length));
    }
  }

  /** A thread that failed or ended: its job fails, a new thread takes the queue on. */
  private lost(member: Member, error: Error): void {
    const at = this.members.indexOf(member);
    if (at < 0) {
      return;
    }
    this.members.splice(at, 1);
    this.lostInARow += 1;
    for (const id of member.jobs) {
      this.pending.get(id)?.reject(error);
      this.pending.delete(id);
    }
    if (!this.usable) {
      for (const { id } of this.queue.splice(0)) {
        this.pending.get(id)?.reject(error);
        this.pending.delete(id);
      }
      return;
    }
    this.dispatch();
  }
}
