/**
 * Authenticated API requests and audit-log paging, measured over real HTTP with autocannon.
 * Every figure is printed beside a reference measured in the same run on the same process:
 * `GET /api/health` (no token, one trivial query), so the cost of the session check and of the
 * list query shows as the difference, whatever machine runs it.
 *
 *   npm run bench            (PGlite in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { openDatabase, type DatabaseTarget } from '../packages/server/src/db/client';
import { ensureSuperadmin } from '../packages/server/src/bootstrap/superadmin';
import { systemClock } from '../packages/server/src/lib/clock';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 200_000);

async function target(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    return { target: { kind: 'pglite' }, drop: async () => undefined };
  }
  const name = `pathconsult_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: dbUrl.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, duration: DURATION_S, connections: 10 });
  const errors = result.non2xx + result.errors;
  return {
    title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors,
  };
}

async function main() {
  const { target: t, drop } = await target();
  const database = await openDatabase(t);
  await ensureSuperadmin(database.db, 'Bench@12345');
  console.log(`seeding ${AUDIT_ROWS} audit records on ${database.kind}...`);
  await database.db.execute(sql`
    insert into audit_logs (created_at, user_id, user_name, role_type, hospital_id, action, outcome, ip)
    select now() - (g || ' seconds')::interval, 1, 'user' || (g % 500), 3, 1 + g % 20,
           'patient/addPatient', 'success', '10.0.0.1'
    from generate_series(1, ${AUDIT_ROWS}) g`);
  await database.db.execute(sql`analyze audit_logs`);

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    logger: false,
    config: {
      session: { idleMinutes: 30, absoluteHours: 12 },
      trustProxy: false,
      logLevel: 'silent',
      webDist: '/nonexistent',
      dataDir: '/nonexistent',
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strUserName: 'admin', strUserPassword: 'Bench@12345' }),
  });
  const token = ((await login.json()) as { objData: { token: string } }).objData.token;
  const auth = { token };

  const rows = [
    await measure('reference: GET /api/health (no session)', `${base}/api/health`),
    // A public call sent with a token still resolves the session: the difference to the line
    // above is what the session check costs every authenticated request.
    await measure('GET /api/health with a session token', `${base}/api/health`, auth),
    await measure('GET userManage/getUserInfo', `${base}/api/userManage/getUserInfo`, auth),
    await measure('GET log/GetAuditLogs page 1', `${base}/api/log/GetAuditLogs?iPageSize=20`, auth),
    await measure(
      'GET log/GetAuditLogs page 1, user filter',
      `${base}/api/log/GetAuditLogs?iPageSize=20&strUserName=user42`,
      auth,
    ),
    await measure(
      'GET log/GetAuditLogs page 500',
      `${base}/api/log/GetAuditLogs?iPageSize=20&iCurPage=500`,
      auth,
    ),
  ];
  console.log(
    `\n${database.kind}, ${AUDIT_ROWS} audit records, ${DURATION_S} s each, 10 connections`,
  );
  console.table(rows);
  await app.close();
  await database.close();
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
