import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SmsConfig } from '../../src/config';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { ManualClock } from '../../src/lib/clock';
import { ensureSuperadmin } from '../../src/bootstrap/superadmin';
import { ensureDemoData } from '../../src/bootstrap/demo-data';
import { ensureMedicalOrderDictionary } from '../../src/bootstrap/medical-order-dictionary';
import type { TestDatabase } from './databases';

export const ADMIN_PASSWORD = 'Admin@test-1';

/** A stand-in for the built web app (index, version file, one hashed asset), so that the
 * static serving runs beside the API exactly as in production. */
function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>PathConsult</title>');
  fs.writeFileSync(path.join(dir, 'version.json'), '{"version":"test"}');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  baseUrl: string;
  /** DATA_DIR of this app: a fresh temporary folder (slide files live under it). */
  dataDir: string;
  /** Stops the server and starts a new one over the same database and DATA_DIR (new port). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a real port over a fresh database, with the superadmin (ADMIN_PASSWORD) and the
 * demonstration set, and a clock the test moves by hand.
 */
export async function startTestApp(
  testDb: TestDatabase,
  options: {
    idleMinutes?: number;
    absoluteHours?: number;
    trustProxy?: false | number;
    /** SMS settings (an SMS gateway); default: the built-in outbox. */
    sms?: SmsConfig;
    /** Text of every new captcha, so that tests know the answer. */
    captchaText?: () => string;
    /** Whether OpenSlide loads (a server without it refuses vendor formats at upload). */
    openSlideAvailable?: () => boolean;
    /**
     * Free disk space an upload must leave (UPLOAD_DISK_RESERVE_MB); none by default, so that
     * tests do not depend on the room left in the machine's temporary folder.
     */
    diskReserveBytes?: number;
  } = {},
): Promise<TestApp> {
  const { target, drop } = await testDb.create();
  const database = await openDatabase(target);
  await ensureSuperadmin(database.db, ADMIN_PASSWORD);
  await ensureDemoData(database.db);
  await ensureMedicalOrderDictionary(database.db);
  const clock = new ManualClock();
  const webDist = builtWebApp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pc-data-'));
  const build = async () => {
    const app = await buildApp({
      db: database.db,
      clock,
      captchaText: options.captchaText,
      openSlideAvailable: options.openSlideAvailable,
      logger: false,
      config: {
        session: {
          idleMinutes: options.idleMinutes ?? 30,
          absoluteHours: options.absoluteHours ?? 12,
        },
        trustProxy: options.trustProxy ?? false,
        logLevel: 'silent',
        webDist,
        dataDir,
        sms: options.sms,
        uploadDiskReserveBytes: options.diskReserveBytes ?? 0,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { app, baseUrl: `http://127.0.0.1:${port}` };
  };
  const first = await build();
  const t: TestApp = {
    ...first,
    database,
    clock,
    dataDir,
    async restart() {
      await t.app.close();
      const next = await build();
      t.app = next.app;
      t.baseUrl = next.baseUrl;
    },
    async close() {
      await t.app.close();
      await database.close();
      await drop();
      fs.rmSync(webDist, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
