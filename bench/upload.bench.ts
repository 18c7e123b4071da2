/**
 * Slide upload (issue 5), measured end to end over loopback HTTP against the real server run as a
 * child process (upload-server.ts): figures are printed, never asserted.
 *
 * 1. Throughput: a BENCH_UPLOAD_MB file (default 2048) uploaded in 1 MB chunks with
 *    BENCH_UPLOAD_PARALLEL requests in flight (default 4), each with the client's CRC-32, then
 *    completion (the flagged last chunk: the server flushes and re-reads the whole file). The
 *    reference, in the same run and on the same disk: `dd bs=1M conv=fsync` of the same file,
 *    the fastest of DD_RUNS (its figure varies by a factor of two and more between runs on a
 *    virtual machine; the fastest is the hardest reference). `dd oflag=direct` is printed
 *    beside it for information: the server writes whole chunks direct (direct-write.ts).
 *    The stored file's SHA-256 is compared with the source's. Beside them, the bound: the same
 *    upload from the same client to upload-bound-server.ts, which only receives the chunks (no
 *    session, database, checksums or disk): the most HTTP over loopback allows on this machine.
 * 2. Server memory during that upload: resident memory of the server process sampled every
 *    200 ms, and its peak (VmHWM, reset before the upload) so nothing between samples is missed.
 * 3. Resume after kill -9: a second upload, the server killed with SIGKILL after 30–70% of the
 *    chunks were acknowledged (BENCH_UPLOAD_KILL_AT=0.5 fixes the point), started again on the same
 *    data, asked what it holds (getFileStatus); only what it lacks is sent again.
 *
 * Everything lives in one temporary folder (source, dd copy, DATA_DIR) removed at the end.
 *
 *   npm run bench:upload                                  (embedded database, PGlite)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:upload
 *   BENCH_UPLOAD_MB=256 BENCH_UPLOAD_PARALLEL=8 npm run bench:upload
 *   BENCH_UPLOAD_RESUME=0 BENCH_SERVER_CPU_PROF=/tmp/prof npm run bench:upload   (part 1 profiled)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  SlideUploadState,
  chunkCountOf,
  type ChunkResultDto,
  type MissingChunks,
} from '@pathconsult/shared';
import {
  cpuSplitOf,
  peakRssOf,
  resetPeakRss,
  rssOf,
  sampleRss,
  startServer,
  type ServerChild,
  type ServerOptions,
} from './upload-child';
import {
  addRecord,
  fileStatus,
  indexesOf,
  logIn,
  sendAll,
  sendChunk,
  type Envelope,
  type Upload,
} from './upload-client';
import { ddCopy, newSlide, sha256OfFile, storedSlides, writeSource } from './upload-files';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 2048);
const PARALLEL = Number(process.env.BENCH_UPLOAD_PARALLEL ?? 4);
const KILL_AT = process.env.BENCH_UPLOAD_KILL_AT
  ? Number(process.env.BENCH_UPLOAD_KILL_AT)
  : 0.3 + Math.random() * 0.4;
// BENCH_UPLOAD_RESUME=0 skips part 3 (for profiling part 1 alone).
const RESUME = process.env.BENCH_UPLOAD_RESUME !== '0';
const MB = 1024 * 1024;
/** Buffered dd runs; the fastest is the reference. */
const DD_RUNS = 3;
const DOCTOR = 'bench_upload_doctor';
const PASSWORD = 'Bench@upload-1';
const SLIDE_NAME = 'bench-slide.svs';

const mb = (bytes: number) => Math.round(bytes / MB);
const mbps = (bytes: number, ms: number) => Number((bytes / MB / (ms / 1000)).toFixed(1));
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** A database of our own on BENCH_DATABASE_URL, or none (the embedded one in DATA_DIR). */
async function database(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    return { drop: async () => undefined };
  }
  const name = `pathconsult_bench_upload_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function completed(what: string, answer: Envelope<ChunkResultDto | MissingChunks>): void {
  const result = answer.objData as ChunkResultDto | undefined;
  if (answer.iCode !== 0 || result?.ddUploadState.iNumber !== SlideUploadState.Uploaded) {
    throw new Error(`${what}: not completed: ${answer.strErrorCode ?? ''} ${answer.strMessage}`);
  }
}

interface Run {
  server: ServerChild;
  token: string;
  source: string;
  size: number;
  lastModified: number;
  sourceSha: string;
  dataDir: string;
}

/** Parts 1 and 2: one upload start to finish, with the server's memory watched. */
interface DdReference {
  /** Milliseconds of each buffered run (conv=fsync). */
  runs: number[];
  /** Milliseconds of the direct run (oflag=direct). */
  direct: number;
  /** Milliseconds of the same upload to a server that only receives it (upload-bound-server.ts). */
  bound: number;
}

/**
 * The same upload, from the same client, to a server that only receives the chunks
 * (upload-bound-server.ts): what loopback HTTP and the client leave for any server here.
 */
async function boundUpload(source: string, size: number, dir: string): Promise<number> {
  const server = await startServer({
    dataDir: dir,
    doctor: '',
    password: '',
    script: 'upload-bound-server.ts',
  });
  const handle = await fs.open(source, 'r');
  try {
    const count = chunkCountOf(size);
    const u: Upload = {
      base: server.base,
      token: '',
      id: 0,
      path: SLIDE_NAME,
      source: handle,
      size,
    };
    const t0 = performance.now();
    await sendAll(u, range(0, count - 1), PARALLEL);
    const last = await sendChunk(u, count - 1, true);
    const ms = performance.now() - t0;
    completed('bound upload', last);
    // The bound's own field: every chunk byte it was given.
    const received = (last.objData as unknown as { lReceived: number }).lReceived;
    if (received !== size) {
      throw new Error(`the bound server was given ${received} bytes of ${size}`);
    }
    return ms;
  } finally {
    await handle.close();
    await server.stop();
  }
}

async function throughput(r: Run, reference: DdReference) {
  const ddMs = Math.min(...reference.runs);
  const count = chunkCountOf(r.size);
  const before = storedSlides(r.dataDir);
  const handle = await fs.open(r.source, 'r');
  try {
    const baseline = rssOf(r.server.pid);
    const peakReset = resetPeakRss(r.server.pid);
    const sampler = sampleRss(r.server.pid, 200);
    const t0 = performance.now();
    const record = await addRecord(r.server.base, r.token, {
      name: SLIDE_NAME,
      size: r.size,
      lastModified: r.lastModified,
      diagnosisNum: 'BENCH-THROUGHPUT',
    });
    const u: Upload = {
      base: r.server.base,
      token: r.token,
      id: record.iSlideDocumentId,
      path: SLIDE_NAME,
      source: handle,
      size: r.size,
    };
    const serverCpu0 = cpuSplitOf(r.server.pid);
    const clientCpu0 = cpuSplitOf(process.pid);
    const t1 = performance.now();
    await sendAll(u, range(0, count - 1), PARALLEL);
    const t2 = performance.now();
    const serverCpu = cpuSplitOf(r.server.pid);
    const clientCpu = cpuSplitOf(process.pid);
    completed('upload', await sendChunk(u, count - 1, true));
    const t3 = performance.now();
    const samples = sampler.stop();
    const peakHwm = peakReset ? peakRssOf(r.server.pid) : NaN;
    const storedSha = await sha256OfFile(newSlide(r.dataDir, before));

    const chunkBytes = (count - 1) * MB;
    const overall = mbps(r.size, t3 - t0);
    const dd = mbps(r.size, ddMs);
    console.log(
      `\n1. Throughput: ${mb(r.size)} MB, ${count} chunks, ${PARALLEL} in flight (MB = 2^20 bytes)`,
    );
    console.table([
      { step: 'upload record (addUploadRecords)', seconds: seconds(t1 - t0) },
      {
        step: `chunks 0..${count - 2}`,
        seconds: seconds(t2 - t1),
        'MB/s': mbps(chunkBytes, t2 - t1),
      },
      { step: 'completion (last chunk flagged)', seconds: seconds(t3 - t2) },
      { step: 'overall upload', seconds: seconds(t3 - t0), 'MB/s': overall },
      {
        step: `reference: dd bs=1M conv=fsync, fastest of ${reference.runs.length}`,
        seconds: seconds(ddMs),
        'MB/s': dd,
      },
      {
        step: 'for information: dd bs=1M oflag=direct conv=fsync',
        seconds: seconds(reference.direct),
        'MB/s': mbps(r.size, reference.direct),
      },
      {
        step: 'bound: same client, a server that only receives the chunks',
        seconds: seconds(reference.bound),
        'MB/s': mbps(r.size, reference.bound),
      },
    ]);
    console.log(
      `   dd runs: ${reference.runs.map((ms) => mbps(r.size, ms)).join(', ')} MB/s\n` +
        `   ratio overall upload / dd = ${(overall / dd).toFixed(2)} (target ≥ 0.8); ` +
        `chunk phase / dd = ${(mbps(chunkBytes, t2 - t1) / dd).toFixed(2)}\n` +
        `   bound / dd = ${(mbps(r.size, reference.bound) / dd).toFixed(2)} (the most HTTP ` +
        `over loopback allows here); overall upload / bound = ` +
        `${(overall / mbps(r.size, reference.bound)).toFixed(2)}`,
    );
    console.log(
      `   stored file SHA-256 = source SHA-256: ${storedSha === r.sourceSha ? 'OK' : 'FAIL'}`,
    );
    // Where the chunk phase's time goes: CPU milliseconds per chunk, by process and thread.
    const perChunk = (seconds: number) => Number(((seconds * 1000) / (count - 1)).toFixed(2));
    console.log(
      '   CPU per chunk during the chunk phase (ms; wall time per chunk ' +
        `${perChunk((t2 - t1) / 1000)}):`,
    );
    console.table([
      {
        process: 'server',
        'main thread': perChunk(serverCpu.main - serverCpu0.main),
        'other threads': perChunk(serverCpu.others - serverCpu0.others),
      },
      {
        process: 'client (this bench)',
        'main thread': perChunk(clientCpu.main - clientCpu0.main),
        'other threads': perChunk(clientCpu.others - clientCpu0.others),
      },
    ]);

    const peakSampled = Math.max(...samples);
    const peak = Math.max(peakSampled, Number.isFinite(peakHwm) ? peakHwm : 0);
    console.log(`\n2. Server memory (resident) during that upload, ${samples.length} samples`);
    console.table([
      { what: 'baseline before the upload', MB: mb(baseline) },
      { what: 'peak of the 200 ms samples', MB: mb(peakSampled) },
      { what: 'peak (VmHWM, reset at baseline)', MB: peakReset ? mb(peakHwm) : 'n/a' },
      { what: 'peak − baseline', MB: mb(peak - baseline) },
      { what: 'after completion', MB: mb(samples[samples.length - 1] ?? NaN) },
    ]);
  } finally {
    await handle.close();
  }
}

/** Part 3: kill -9 in the middle of an upload, restart, resume. Returns the restarted server. */
async function resume(r: Run, options: ServerOptions): Promise<ServerChild> {
  const count = chunkCountOf(r.size);
  const killAt = Math.min(count - 2, Math.max(1, Math.floor(count * KILL_AT)));
  const before = storedSlides(r.dataDir);
  const handle = await fs.open(r.source, 'r');
  let server = r.server;
  try {
    const record = await addRecord(server.base, r.token, {
      name: SLIDE_NAME,
      size: r.size,
      lastModified: r.lastModified,
      diagnosisNum: 'BENCH-RESUME',
    });
    const id = record.iSlideDocumentId;
    const upload = (s: ServerChild, token: string): Upload => ({
      base: s.base,
      token,
      id,
      path: SLIDE_NAME,
      source: handle,
      size: r.size,
    });

    const sent = new Set<number>();
    const acked = new Set<number>();
    const inFlight = new Set<number>();
    let inFlightAtKill: number[] = [];
    let killing: Promise<void> | undefined;
    await sendAll(upload(server, r.token), range(0, count - 1), PARALLEL, {
      onSend: (i) => {
        sent.add(i);
        inFlight.add(i);
      },
      onAnswer: (i, answer) => {
        inFlight.delete(i);
        if (killing) {
          return; // Answered after the kill decision: it counts as in flight at the kill.
        }
        if (answer.iCode !== 0) {
          throw new Error(`chunk ${i} refused: ${answer.strErrorCode ?? ''} ${answer.strMessage}`);
        }
        acked.add(i);
        if (acked.size >= killAt) {
          inFlightAtKill = [...inFlight];
          killing = server.kill();
        }
      },
      onError: (i, error) => {
        inFlight.delete(i);
        if (!killing) {
          throw error;
        }
      },
      stopped: () => killing !== undefined,
    });
    await killing;

    const restartStart = performance.now();
    server = await startServer(options);
    const restartMs = performance.now() - restartStart;
    let token = r.token;
    let status = await fileStatus(server.base, token, id);
    const sessionKept = status.iCode === 0;
    if (!sessionKept) {
      token = await logIn(server.base, DOCTOR, PASSWORD);
      status = await fileStatus(server.base, token, id);
    }
    const received = status.objData?.listFileSliceInfo[0]?.listReceived;
    if (status.iCode !== 0 || !received) {
      throw new Error(`getFileStatus refused: ${status.strMessage}`);
    }
    const held = new Set(indexesOf(received));
    const missing = range(0, count).filter((i) => !held.has(i));
    const resent = missing.filter((i) => sent.has(i));
    const ackedLost = [...acked].filter((i) => !held.has(i));

    const resumeStart = performance.now();
    const u = upload(server, token);
    await sendAll(
      u,
      missing.filter((i) => i !== count - 1),
      PARALLEL,
    );
    // Completion re-reads every chunk: one claimed but not written before the kill is asked again.
    let askedAgain = 0;
    for (let attempt = 0; ; attempt++) {
      const answer = await sendChunk(u, count - 1, true);
      if (answer.strErrorCode !== 'SLIDE_CHUNKS_MISSING' || attempt >= 3) {
        completed('resumed upload', answer);
        break;
      }
      const again = indexesOf(
        (answer.objData as MissingChunks).listMissing.flatMap((f) => f.listChunks),
      ).filter((i) => i !== count - 1);
      askedAgain += again.length;
      await sendAll(u, again, PARALLEL);
    }
    const resumeMs = performance.now() - resumeStart;
    const storedSha = await sha256OfFile(newSlide(r.dataDir, before));

    console.log(
      `\n3. Resume after kill -9: ${count} chunks, killed after ${acked.size} acknowledged ` +
        `(${Math.round(KILL_AT * 100)}%), ${PARALLEL} in flight`,
    );
    console.table([
      { what: 'chunks acknowledged before the kill', chunks: acked.size },
      { what: 'chunks in flight at the kill', chunks: inFlightAtKill.length },
      { what: 'chunks held after restart (getFileStatus)', chunks: held.size },
      { what: 'acknowledged but not held after restart', chunks: ackedLost.length },
      { what: 're-sent (sent before the kill, missing after)', chunks: resent.length },
      { what: 're-sent because completion asked again', chunks: askedAgain },
      { what: 'sent for the first time after restart', chunks: missing.length - resent.length },
    ]);
    const totalResent = resent.length + askedAgain;
    console.log(
      `   re-sent ${totalResent} ≤ in flight ${inFlightAtKill.length}: ` +
        `${totalResent <= inFlightAtKill.length ? 'yes' : 'NO'}; ` +
        `restart to READY ${seconds(restartMs)} s; session kept across restart: ` +
        `${sessionKept ? 'yes' : 'no (logged in again)'}; rest of the upload ${seconds(resumeMs)} s`,
    );
    console.log(
      `   stored file SHA-256 = source SHA-256: ${storedSha === r.sourceSha ? 'OK' : 'FAIL'}`,
    );
    return server;
  } catch (error) {
    // The server of the moment (perhaps the restarted one) must still be stopped by the caller.
    r.server = server;
    throw error;
  } finally {
    await handle.close();
  }
}

async function main() {
  if (!Number.isInteger(SIZE_MB) || SIZE_MB < 4 || !Number.isInteger(PARALLEL) || PARALLEL < 1) {
    throw new Error('BENCH_UPLOAD_MB must be an integer ≥ 4, BENCH_UPLOAD_PARALLEL ≥ 1');
  }
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pathconsult-upload-bench-'));
  const db = await database();
  let server: ServerChild | undefined;
  // One clean-up, whoever asks first (the end of the run, Ctrl-C, the SIGTERM npm sends after
  // it): a second caller waits for the same one to finish before the process exits.
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await server?.stop().catch(() => undefined);
      await fs.rm(root, { recursive: true, force: true });
      await db.drop().catch((error: unknown) => console.error('dropping the database:', error));
    })());
  const interrupted = () => {
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);

  try {
    const size = SIZE_MB * MB;
    const source = path.join(root, SLIDE_NAME);
    const dataDir = path.join(root, 'data');
    console.log(`writing a ${SIZE_MB} MB source file in ${root}...`);
    const sourceSha = await writeSource(source, size);
    const { mtimeMs } = await fs.stat(source);

    // The reference first, while the source sits in the page cache as it will for the upload.
    const ddDest = path.join(root, 'dd-copy');
    const reference: DdReference = { runs: [], direct: 0, bound: 0 };
    for (let i = 0; i < DD_RUNS; i += 1) {
      reference.runs.push(ddCopy(source, ddDest));
      await fs.rm(ddDest);
    }
    reference.direct = ddCopy(source, ddDest, true);
    await fs.rm(ddDest);
    console.log('uploading it to the bound server...');
    reference.bound = await boundUpload(source, size, path.join(root, 'bound'));

    const options: ServerOptions = {
      dataDir,
      databaseUrl: db.url,
      doctor: DOCTOR,
      password: PASSWORD,
    };
    console.log(`starting the server on ${db.url ? 'PostgreSQL' : 'PGlite'}...`);
    server = await startServer(options);
    const token = await logIn(server.base, DOCTOR, PASSWORD);
    const run: Run = {
      server,
      token,
      source,
      size,
      lastModified: Math.floor(mtimeMs),
      sourceSha,
      dataDir,
    };
    await throughput(run, reference);
    if (!RESUME) {
      // Stopped in order, so that a CPU profile (BENCH_SERVER_CPU_PROF) covers this upload alone.
      await server.stop();
      return;
    }
    try {
      server = await resume(run, options);
    } catch (error) {
      server = run.server;
      throw error;
    }
    console.log(
      `\n${db.url ? 'PostgreSQL' : 'PGlite (in the server process)'}, ${os.cpus().length} cores; ` +
        'client and server share them',
    );
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
