import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';

/** The database handle every repo receives: the same drizzle API over PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other server instance runs its own: start-up steps (migrations, first
   * data) of several instances starting together on one PostgreSQL database take turns. On PGlite
   * the data folder lock already makes the process the only one.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Advisory lock key of the start-up steps ("PathCons" in ASCII, as a 64-bit number). */
const STARTUP_LOCK_KEY = '5791650520315039603';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/**
 * Opens the database and applies pending migrations. PGlite has no lock of its own on its data
 * folder, so a lock file makes a second process on the same folder refuse to start.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    /*
     * An idle connection the server closes (a restart, an administrator's terminate, a dropped
     * database) is reported here; without a listener the whole process would exit. The pool
     * discards the connection and opens a new one on the next query.
     */
    pool.on('error', (error) => {
      console.error(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session-level advisory lock on a connection of its own, held while `work` runs.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    };
    try {
      await exclusive(() => migratePg(db as never, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  const release = target.dataDir ? acquireDataDirLock(target.dataDir) : () => undefined;
  try {
    const client = target.dataDir
      ? await PGlite.create(path.join(target.dataDir, 'pgdata'))
      : await PGlite.create();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      exclusive: (work) => work(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
