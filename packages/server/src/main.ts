import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { systemClock } from './lib/clock';
import { ensureSuperadmin } from './bootstrap/superadmin';
import { DEMO_ACCOUNTS, ensureDemoData } from './bootstrap/demo-data';

/** Start-up: open and migrate the database, first-start data, then listen; close cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`PathConsult cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const admin = await ensureSuperadmin(database.db, config.adminPassword);
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
  if (config.demoData) {
    const added = await ensureDemoData(database.db);
    console.log(`\n  Demonstration data ${added ? 'added' : 'already present'}. Demo accounts:`);
    for (const a of DEMO_ACCOUNTS) {
      console.log(`    ${a.userName.padEnd(12)} ${a.password}`);
    }
    console.log('');
  }

  const app = await buildApp({ db: database.db, clock: systemClock, config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `  PathConsult is running on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
