import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/db/client';

/**
 * The databases integration tests run against: always embedded PGlite, and a real PostgreSQL
 * server (TEST_DATABASE_URL, default the local one). In CI (CI=true) PostgreSQL is mandatory;
 * elsewhere it is skipped with a message when no server answers.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** Creates a fresh database for one test file and the function that drops it. */
  create(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }>;
}

/** The embedded database alone: for tests of what does not depend on the database (route tables). */
export const pglite: TestDatabase = {
  name: 'pglite',
  create: async () => ({ target: { kind: 'pglite' }, drop: async () => undefined }),
};

const postgres: TestDatabase = {
  name: 'postgres',
  async create() {
    const dbName = `pathconsult_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return {
      target: { kind: 'postgres', url: url.toString() },
      async drop() {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      },
    };
  },
};

export async function testDatabases(): Promise<TestDatabase[]> {
  if (await postgresReachable()) {
    return [pglite, postgres];
  }
  if (process.env.CI === 'true') {
    throw new Error(
      `CI requires PostgreSQL for the integration tests, but ${adminUrl} does not answer`,
    );
  }
  console.warn(`PostgreSQL at ${adminUrl} does not answer: integration tests run on PGlite only.`);
  return [pglite];
}
