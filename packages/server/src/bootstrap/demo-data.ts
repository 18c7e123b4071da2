import { eq } from 'drizzle-orm';
import {
  DEFAULT_HOSPITAL_ADMIN_PRIVILEGES,
  HospitalDiagnosis,
  privilegesAreGranted,
  RoleType,
  UserState,
  type RoleTypeCode,
} from '@pathconsult/shared';
import type { Db } from '../db/client';
import { hospitalGroups, hospitals, userPrivileges, users, workingTimes } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

/** The demonstration accounts; their passwords are public on purpose (README, console). */
export const DEMO_ACCOUNTS = [
  {
    userName: 'demo_doctor',
    password: 'Doctor@2026',
    role: RoleType.Doctor,
    realName: '李医生',
    at: 'applicant',
  },
  {
    userName: 'demo_expert',
    password: 'Expert@2026',
    role: RoleType.Expert,
    realName: '王专家',
    at: 'center',
  },
  {
    userName: 'demo_hadmin',
    password: 'Hadmin@2026',
    role: RoleType.HospitalAdmin,
    realName: '张管理员',
    at: 'applicant',
  },
] as const;

/**
 * Adds the demonstration set once: an applicant hospital and a diagnostic center in one group, and
 * a doctor, an expert and a hospital administrator. Returns false when it is already there.
 */
export async function ensureDemoData(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, DEMO_ACCOUNTS[0].userName));
  if (existing.length > 0) {
    return false;
  }
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    const [group] = await tx
      .insert(hospitalGroups)
      .values({ name: '演示医联体 (Demo group)' })
      .returning();
    if (!group) {
      throw new Error('demo group not created');
    }
    const [applicant, center] = await tx
      .insert(hospitals)
      .values([
        {
          name: '演示申请医院 (Demo Applicant Hospital)',
          contactName: '陈主任',
          contactMobile: '13800000001',
          isDiagnosis: HospitalDiagnosis.Diagnosis,
          province: '浙江省',
          city: '杭州市',
          groupId: group.id,
          storageTotalGb: '500',
          validUntil: '2099-12-31',
          isConsultation: true,
        },
        {
          name: '演示诊断中心 (Demo Diagnostic Center)',
          contactName: '周主任',
          contactMobile: '13800000002',
          isDiagnosis: HospitalDiagnosis.Center,
          province: '上海市',
          city: '上海市',
          groupId: group.id,
          storageTotalGb: '2000',
          validUntil: '2099-12-31',
          isConsultation: true,
        },
      ])
      .returning();
    if (!applicant || !center) {
      throw new Error('demo hospitals not created');
    }
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          userName: a.userName,
          realName: a.realName,
          passwordHash: hashes[i] ?? '',
          roleType: a.role,
          state: UserState.Enabled,
          hospitalId: a.at === 'applicant' ? applicant.id : center.id,
          mobile: `1390000000${i + 1}`,
        })),
      )
      .returning({ id: users.id, roleType: users.roleType });
    // The demo hospital administrator starts like any new one (spec §6 "own hospital").
    const grants = created
      .filter((u) => privilegesAreGranted(u.roleType as RoleTypeCode))
      .flatMap((u) =>
        DEFAULT_HOSPITAL_ADMIN_PRIVILEGES.map((p) => ({
          userId: u.id,
          code: p.code,
          scope: p.scope,
        })),
      );
    if (grants.length > 0) {
      await tx.insert(userPrivileges).values(grants);
    }
    // The demo expert works weekday mornings and Wednesday afternoon (the expert picker shows it).
    const expert = created.find((u) => u.roleType === RoleType.Expert);
    if (expert) {
      const slots = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, period: 1 }));
      slots.push({ weekday: 3, period: 2 });
      await tx.insert(workingTimes).values(slots.map((s) => ({ ...s, userId: expert.id })));
    }
  });
  return true;
}
