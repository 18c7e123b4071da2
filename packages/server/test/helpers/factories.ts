import { DEFAULT_HOSPITAL_ADMIN_PRIVILEGES, RoleType, UserState } from '@pathconsult/shared';
import type { Db } from '../../src/db/client';
import { hospitals, userPrivileges, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/passwords';

let seq = 0;
const next = () => ++seq;

export async function createHospital(db: Db, over: Partial<typeof hospitals.$inferInsert> = {}) {
  const [row] = await db
    .insert(hospitals)
    .values({ name: `测试医院 ${next()}`, ...over })
    .returning();
  if (!row) {
    throw new Error('hospital not created');
  }
  return row;
}

export const TEST_PASSWORD = 'Passw0rd!';

export async function createUser(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      userName: `user_${n}_${Date.now()}`,
      realName: `用户${n}`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      roleType: RoleType.Doctor,
      state: UserState.Enabled,
      ...over,
    })
    .returning();
  if (!row) {
    throw new Error('user not created');
  }
  // Like an administrator created through userManage/addUser: the starting privileges.
  if (row.roleType === RoleType.HospitalAdmin) {
    await db
      .insert(userPrivileges)
      .values(DEFAULT_HOSPITAL_ADMIN_PRIVILEGES.map((p) => ({ userId: row.id, ...p })));
  }
  return row;
}
