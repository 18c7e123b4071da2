import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { systemClock } from './lib/clock';
import { ensureSuperadmin } from './bootstrap/superadmin';
import { DEMO_ACCOUNTS, ensureDemoData } from './bootstrap/demo-data';
import { ensureMedicalOrderDictionary } from './bootstrap/medical-order-dictionary';
import { stopComposeThreads } from './slides/codec';

/** First-start data, printed once: the superadmin's password, the demonstration accounts. */
async function bootstrap(database: Database, adminPassword: string | undefined, demo: boolean) {
  const admin = await ensureSuperadmin(database.db, adminPassword);
  if (admin?.generatedPassword) {
    console.log(
      `\n  Superadmin created: user "${admin.userName}", password "${admin.generatedPassword}"\n` +
        '  It is shown only this once and stored only as a hash; keep it safe.\n',
    );
  } else if (admin) {
    console.log(
      `\n  Superadmin "${admin.userName}" created with the password from ADMIN_PASSWORD.\n`,
    );
  }
  const orderItems = await ensureMedicalOrderDictionary(database.db);
  if (orderItems > 0) {
    console.log(`  Medical order dictionary: ${orderItems} platform items added.`);
  }
  if (demo) {
    const added = await ensureDemoData(database.db);
    console.log(`\n  Demonstration data ${added ? 'added' : 'already present'}. Demo accounts:`);
    for (const a of DEMO_ACCOUNTS) {
      console.log(`    ${a.userName.padEnd(12)} ${a.password}`);
    }
    console.log('');
  }
}

/**
 * Start-up: open and migrate the database, first-start data, then listen. Whatever happens after
 * the database is open — a signal during migrations, a port already in use — the database is
 * closed and the data folder lock released before the process ends.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) {
      return;
    }
    stopping = true;
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await stopComposeThreads().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));

  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    const db = database;
    await db.exclusive(() => bootstrap(db, config.adminPassword, config.demoData));
    if (stopping) {
      return;
    }
    app = await buildApp({ db: database.db, clock: systemClock, config });
    await app.listen({ port: config.port, host: config.host });
    const where =
      database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    console.log(`  PathConsult is running on http://localhost:${config.port} (${where})`);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`PathConsult cannot start: ${error.message}`);
    } else {
      console.error(error);
    }
    await stop(1);
  }
}

void main();
