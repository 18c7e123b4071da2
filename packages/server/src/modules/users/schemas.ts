import { RoleType, userAddSchema, userUpdateSchema } from '@pathconsult/shared';

/**
 * A birthday the database can store: `YYYY/MM/DD` (checked by the shared schema) naming a real
 * calendar day between 1900 and 2999. `2026/02/31` passes the pattern but is no date, and
 * PostgreSQL would refuse it with an error instead of a field message.
 */
export function isStorableBirthday(value: string): boolean {
  if (value === '') {
    return true;
  }
  const [y = 0, m = 0, d = 0] = value.split('/').map(Number);
  if (y < 1900 || y > 2999) {
    return false;
  }
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * userManage/addUser as the server checks it: the shared schema plus the rules that need two
 * fields at once. A missing hospital for roles 2–4 is a form error on `hospital` (400 with field
 * errors), like any other required field.
 */
export const addUserBodySchema = userAddSchema.superRefine((v, ctx) => {
  if (v.ddRoleType.iNumber !== RoleType.PlatformAdmin && v.hospital == null) {
    ctx.addIssue({ code: 'custom', path: ['hospital'], message: 'validation.required' });
  }
  if (!isStorableBirthday(v.dtBirthdayDate)) {
    ctx.addIssue({ code: 'custom', path: ['dtBirthdayDate'], message: 'validation.date' });
  }
});

/** userManage/updateUser: the shared schema plus a storable birthday. */
export const updateUserBodySchema = userUpdateSchema.superRefine((v, ctx) => {
  if (!isStorableBirthday(v.dtBirthdayDate)) {
    ctx.addIssue({ code: 'custom', path: ['dtBirthdayDate'], message: 'validation.date' });
  }
});
