/**
 * The case lists (patient/selectPatient) with 300,000 cases in the database, measured twice:
 * over real HTTP with autocannon (session check, audit record, serialization included) and as the
 * bare list query called in a loop. Every figure is printed beside a reference measured in the
 * same run: reading one case by its primary key (patient/getPatientInfo over HTTP, a primary-key
 * select for the query), so the cost of a list shows as the difference on any machine.
 *
 * The measured doctor is a heavy user: it owns 20% of all cases (60,000 with 300,000 rows), a
 * fifth of them in each state, so its "new" list holds 12,000 cases.
 *
 *   npm run bench:cases            (PGlite in memory)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cases
 *   BENCH_CASES=1000000 BENCH_SECONDS=10 npm run bench:cases
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { patientQuerySchema, RoleType, UserState } from '@pathconsult/shared';
import { buildApp } from '../packages/server/src/app';
import { openDatabase, type Db, type DatabaseTarget } from '../packages/server/src/db/client';
import { hospitals, patients, users } from '../packages/server/src/db/schema';
import { ensureSuperadmin } from '../packages/server/src/bootstrap/superadmin';
import { systemClock } from '../packages/server/src/lib/clock';
import { hashPassword } from '../packages/server/src/modules/auth/passwords';
import type { Actor } from '../packages/server/src/modules/auth/actor';
import { NO_PRIVILEGES } from '../packages/server/src/modules/privileges/held';
import { listPatients } from '../packages/server/src/modules/patients/list-repo';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CASES = Number(process.env.BENCH_CASES ?? 300_000);
/** Calls per query in the bare-query measurement. */
const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 300);
const HOSPITALS = 20;
const DOCTORS_PER_HOSPITAL = 10;
const PASSWORD = 'Bench@12345';

async function target(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    return { target: { kind: 'pglite' }, drop: async () => undefined };
  }
  const name = `pathconsult_bench_cases_${process.pid}`;
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

/**
 * Hospitals, doctors and cases in three INSERT … SELECT statements. Case g belongs to the bench
 * doctor (the first doctor of the first hospital) when g % 5 = 0, else to one of the other
 * doctors; its state is (g / 5) % 5, so every owner has cases in every state. Newer g are older.
 */
async function seed(db: Db): Promise<{ doctorId: number; hospitalId: number }> {
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`
    insert into hospitals (name) select 'Bench hospital ' || h from generate_series(1, ${HOSPITALS}) h`);
  const [first] = await db
    .select({ id: hospitals.id })
    .from(hospitals)
    .orderBy(hospitals.id)
    .limit(1);
  const h0 = first?.id ?? 1;
  await db.execute(sql`
    insert into users (user_name, real_name, password_hash, role_type, state, hospital_id)
    select 'bench_doctor_' || d, '医生' || d, ${hash}, ${RoleType.Doctor}, ${UserState.Enabled},
           ${h0} + (d - 1) / ${DOCTORS_PER_HOSPITAL}
    from generate_series(1, ${HOSPITALS * DOCTORS_PER_HOSPITAL}) d`);
  const [doctor] = await db.select().from(users).where(eq(users.userName, 'bench_doctor_1'));
  if (!doctor?.hospitalId) {
    throw new Error('bench doctor not created');
  }
  const d0 = doctor.id;
  const others = HOSPITALS * DOCTORS_PER_HOSPITAL - 1;
  await db.execute(sql`
    insert into patients (hospital_id, owner_id, state, diagnosis_num, name, age_years, sex,
                          classification, sample_type, clinical_data, created_at, updated_at)
    select ${h0} + (o - ${d0}) / ${DOCTORS_PER_HOSPITAL}, o, (g / 5) % 5,
           'BL' || lpad(g::text, 8, '0'),
           (array['王','李','张','刘','陈'])[1 + g % 7 % 5] || '患者' || g,
           1 + g % 90, 1 + g % 2, 1 + g % 23, 1 + g % 4, '临床资料 ' || g,
           now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 60)
    from generate_series(1, ${CASES}) g,
         lateral (select case when g % 5 = 0 then ${d0}
                              else ${d0} + 1 + g % ${others} end as o) owner`);
  await db.execute(sql`analyze patients`);
  return { doctorId: d0, hospitalId: doctor.hospitalId };
}

async function measure(title: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, duration: DURATION_S, connections: 10 });
  return {
    title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** The bare query `RUNS` times, one after the other (after a few warm-up calls). */
async function time(title: string, work: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) {
    await work();
  }
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return {
    title,
    'p50 ms': Number(percentile(ms, 50).toFixed(2)),
    'p99 ms': Number(percentile(ms, 99).toFixed(2)),
  };
}

async function main() {
  const { target: t, drop } = await target();
  const database = await openDatabase(t);
  const db = database.db;
  await ensureSuperadmin(db, 'Bench@admin-1');
  console.log(`seeding ${CASES} cases on ${database.kind}...`);
  const started = performance.now();
  const { doctorId, hospitalId } = await seed(db);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [own] = await db
    .select({ id: patients.id, num: patients.diagnosisNum, name: patients.name })
    .from(patients)
    .where(and(eq(patients.ownerId, doctorId), eq(patients.state, 0)))
    .orderBy(patients.id)
    .limit(1)
    .offset(Math.min(1000, Math.floor(CASES / 100)));
  if (!own) {
    throw new Error('no case of the bench doctor');
  }
  // A prefix of a name that a few dozen of the doctor's cases share; the full number of a case.
  const namePrefix = own.name.slice(0, 6);
  const queries: [string, Record<string, string | number>][] = [
    ['new list, page 1', { strList: 'new' }],
    ['new list, page 500', { strList: 'new', iCurPage: 500 }],
    ['new list, name prefix', { strList: 'new', strPatientName: namePrefix }],
    ['new list, number', { strList: 'new', strDiagnosistNum: own.num }],
  ];

  const app = await buildApp({
    db,
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
    body: JSON.stringify({ strUserName: 'bench_doctor_1', strUserPassword: PASSWORD }),
  });
  const token = ((await login.json()) as { objData: { token: string } }).objData.token;
  const auth = { token };
  const qs = (q: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));

  const http = [
    await measure('reference: GET /api/health (no session, select 1)', `${base}/api/health`, {}),
    await measure(
      'reference: GET patient/getPatientInfo (primary key)',
      `${base}/api/patient/getPatientInfo?iPatientId=${own.id}`,
      auth,
    ),
  ];
  for (const [title, q] of queries) {
    http.push(
      await measure(
        `GET selectPatient: ${title}`,
        `${base}/api/patient/selectPatient?${qs(q)}`,
        auth,
      ),
    );
  }

  const actor: Actor = {
    userId: doctorId,
    userName: 'bench_doctor_1',
    roleType: RoleType.Doctor,
    hospitalId,
    groupId: null,
    isSuperadmin: false,
    sessionId: 0,
    privileges: NO_PRIVILEGES,
  };
  const bare = [
    await time('reference: select a case by primary key', () =>
      db.select().from(patients).where(eq(patients.id, own.id)),
    ),
  ];
  for (const [title, q] of queries) {
    const parsed = patientQuerySchema.parse(q);
    bare.push(await time(`list query: ${title}`, () => listPatients(db, actor, parsed)));
  }

  const owned = CASES / 5;
  console.log(
    `\n${database.kind}, ${CASES} cases (the doctor owns ${owned}, ${owned / 5} per list), ` +
      `page size 10, counts stop at 10,000`,
  );
  console.log(`\nHTTP, ${DURATION_S} s each, 10 connections`);
  console.table(http);
  console.log(`\nthe list query alone, ${RUNS} calls each, one at a time`);
  console.table(bare);
  await app.close();
  await database.close();
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
