/**
 * The server of the upload benchmark, run as a child process of upload.bench.ts so that its memory
 * is measured apart from the client's and so that it can be killed with SIGKILL and started again
 * on the same data. The real app (buildApp) on DATA_DIR with the embedded database there, or on
 * DATABASE_URL. On first start it adds a hospital with ample storage and a doctor of it
 * (BENCH_DOCTOR / BENCH_PASSWORD); then it listens on 127.0.0.1:PORT and prints `READY <port>`.
 *
 *   DATA_DIR=/tmp/x PORT=0 BENCH_DOCTOR=d BENCH_PASSWORD=p node --import tsx upload-server.ts
 */
import { eq } from 'drizzle-orm';
import { RoleType, UserState } from '@pathconsult/shared';
import { buildApp } from '../packages/server/src/app';
import { TILE_CACHE_DEFAULTS } from '../packages/server/src/modules/tiles';
import { openDatabase, type Db } from '../packages/server/src/db/client';
import { hospitals, users } from '../packages/server/src/db/schema';
import { systemClock } from '../packages/server/src/lib/clock';
import { hashPassword } from '../packages/server/src/modules/auth/passwords';

/** Storage of the bench hospital: far beyond what any run uploads. */
const STORAGE_GB = '100000';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is required`);
  }
  return value;
}

/** The bench hospital and doctor, once: a restart on the same data finds them. */
async function ensureDoctor(db: Db, userName: string, password: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, userName));
  if (existing) {
    return;
  }
  const [hospital] = await db
    .insert(hospitals)
    .values({ name: `Upload bench hospital ${process.pid}`, storageTotalGb: STORAGE_GB })
    .returning({ id: hospitals.id });
  if (!hospital) {
    throw new Error('bench hospital not created');
  }
  await db.insert(users).values({
    userName,
    realName: '上传测试医生',
    passwordHash: await hashPassword(password),
    roleType: RoleType.Doctor,
    state: UserState.Enabled,
    hospitalId: hospital.id,
  });
}

/** A tile cache size from the environment, as the real server reads it; unset: the default. */
function sizeFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number(value);
}

async function main(): Promise<void> {
  const dataDir = required('DATA_DIR');
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir },
  );
  await ensureDoctor(database.db, required('BENCH_DOCTOR'), required('BENCH_PASSWORD'));
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    logger: false,
    config: {
      session: { idleMinutes: 120, absoluteHours: 12 },
      trustProxy: false,
      logLevel: 'silent',
      webDist: '/nonexistent',
      dataDir,
      tileCacheMb: {
        memory: sizeFromEnv('TILE_MEMORY_CACHE_MB', TILE_CACHE_DEFAULTS.memoryMb),
        disk: sizeFromEnv('TILE_DISK_CACHE_MB', TILE_CACHE_DEFAULTS.diskMb),
        stored: sizeFromEnv('TILE_STORED_CACHE_MB', TILE_CACHE_DEFAULTS.storedMb),
      },
    },
  });
  // SIGTERM or Ctrl-C is the orderly end (the data folder lock released); SIGKILL is what the bench tests.
  // The bench holds our stdin: when it ends, however it ends, so does this server.
  let stopping = false;
  const stop = () => {
    if (stopping) {
      return;
    }
    stopping = true;
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
