import { and, eq } from 'drizzle-orm';
import { RoleType, type PatientDto } from '@pathconsult/shared';
import type { Db } from '../../src/db/client';
import { patients, serialNumberRules, userPrivileges, users } from '../../src/db/schema';
import { expectOk } from './assertions';
import { createHospital, createUser, TEST_PASSWORD } from './factories';
import type { ApiClient } from './http';

/*
 * Cases for integration tests: complete forms of both variants, the people around a case (its
 * owner, a colleague of the same hospital, doctors and administrators elsewhere), and shortcuts
 * into states the API of issue 4 cannot reach yet (submitted, viewed, completed, returned).
 */

let seq = 0;
/** A pathology number no other call gives out (≤ 16 characters). */
export const caseNumber = (prefix = 'T') => `${prefix}${Date.now() % 100000}-${++seq}`;

/** Every required field of the human variant, filled. */
export const HUMAN_FORM = {
  strPatientName: '张三',
  iAgeYear: 45,
  ddSex: { iNumber: 1 },
  ddClassification: { iNumber: 11 },
  strSamplingSite: '左乳外上象限',
  ddSampleType: { iNumber: 2 },
  strClinicalData: '左乳肿物 2 月',
  strInitialOpinion: '乳腺纤维腺瘤？',
  strTissueDescription: '灰白结节 2×1.5 cm',
  strPhone: '13800001111',
} as const;

/** Every required field of the veterinary variant, filled. */
export const VET_FORM = {
  strPatientName: '旺财',
  iAgeYear: 6,
  ddSex: { iNumber: 2 },
  strSpecies: '犬',
  strBreed: '金毛寻回犬',
  strSampleDesc: '右后肢皮下肿物',
  dtCollectedDate: '2026-01-03',
  strOwnerTel: '13900002222',
} as const;

/** A user of `role` at `hospitalId`, logged in. */
export async function loggedInUser(
  db: Db,
  api: ApiClient,
  hospitalId: number,
  role: number = RoleType.Doctor,
) {
  const user = await createUser(db, { hospitalId, roleType: role });
  return { id: user.id, token: await api.login(user.userName, TEST_PASSWORD) };
}

/** A hospital of its own with a logged-in doctor. */
export async function doctorElsewhere(db: Db, api: ApiClient) {
  const hospital = await createHospital(db);
  return { hospitalId: hospital.id, ...(await loggedInUser(db, api, hospital.id)) };
}

/** A hospital administrator's "report view" grant: removed (null), own hospital (1) or all (2). */
export async function setReportView(db: Db, userId: number, scope: 1 | 2 | null) {
  const mine = and(eq(userPrivileges.userId, userId), eq(userPrivileges.code, 'reportView'));
  await db.delete(userPrivileges).where(mine);
  if (scope !== null) {
    await db.insert(userPrivileges).values({ userId, code: 'reportView', scope });
  }
}

/** A daily numbering rule `BL` + YYYYMMDD + 4 digits for the hospital. */
export async function addNumberRule(db: Db, hospitalId: number) {
  await db.insert(serialNumberRules).values({
    hospitalId,
    prefix: 'BL',
    datePart: 'YYYYMMDD',
    seqWidth: 4,
    resetPeriod: 'day',
  });
}

/** Creates a case through the API (the human form unless `over` says otherwise). */
export async function addCase(
  api: ApiClient,
  token: string,
  over: Record<string, unknown> = {},
): Promise<PatientDto> {
  return expectOk(
    await api.post<PatientDto>(
      'patient/addPatient',
      { ...HUMAN_FORM, strDiagnosistNum: caseNumber(), ...over },
      { token },
    ),
  );
}

/** Puts a case into a state directly (submission and the expert's side come in issue 7). */
export async function setCaseState(db: Db, id: number, state: number, viewed = false) {
  await db
    .update(patients)
    .set({ state, viewedAt: viewed ? new Date('2026-01-05T09:00:00Z') : null })
    .where(eq(patients.id, id));
}

export async function caseRow(db: Db, id: number) {
  const [row] = await db.select().from(patients).where(eq(patients.id, id));
  return row;
}

export async function userHospital(db: Db, userName: string): Promise<number> {
  const [row] = await db.select().from(users).where(eq(users.userName, userName));
  if (row?.hospitalId == null) {
    throw new Error(`${userName} has no hospital`);
  }
  return row.hospitalId;
}
