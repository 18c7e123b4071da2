import { registrationSchema } from '@pathconsult/shared';
import { isStorableBirthday } from '../users/schemas';

/** user/register as the server checks it: the shared schema plus a birthday the database can store. */
export const registerBodySchema = registrationSchema.superRefine((v, ctx) => {
  // A value of the wrong shape already has its message from the shared rule.
  const wellFormed = /^\d{4}\/\d{2}\/\d{2}$/.test(v.dtBirthdayDate);
  if (wellFormed && !isStorableBirthday(v.dtBirthdayDate)) {
    ctx.addIssue({ code: 'custom', path: ['dtBirthdayDate'], message: 'validation.date' });
  }
});
