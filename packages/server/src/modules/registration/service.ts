import {
  isPasswordAcceptable,
  RegistrationRules,
  RoleType,
  translate,
  UserState,
  type ApproveRegistrationInput,
  type Lang,
  type MessageKey,
  type RegistrationDto,
  type RegistrationHospital,
  type RegistrationInput,
  type RegistrationQuery,
  type RegistrationResult,
  type RejectRegistrationInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { chinaDate } from '../auth/login-rules';
import { hashPassword } from '../auth/passwords';
import { getConfig } from '../config/service';
import { scopeOf } from '../tenancy/scope';
import { findHospital } from '../hospitals/repo';
// A registration is an account row like any other (a pending one): users' own insert serves it.
import { insertUser } from '../users/repo';
import { mayGiveRole } from '../users/role-rules';
import type { CaptchaService } from './captcha-service';
import { toRegistrationDto } from './dto';
import * as repo from './repo';

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  captcha: CaptchaService;
}

/** A refusal of one field, shown under it like a schema's (400 with field errors). */
function fieldRefusal(lang: Lang, strField: string, key: MessageKey): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ strField, strMessage: translate(key, lang) }]);
}

/** hospitalManage/selectRegistrationHospital: consultation hospitals still valid today. */
export async function registrationHospitals(
  deps: RegistrationDeps,
): Promise<RegistrationHospital[]> {
  const rows = await repo.registrationHospitals(deps.db, chinaDate(deps.clock.now()));
  return rows.map((h) => ({
    iHospitalId: h.id,
    strHospitalName: h.name,
    ddIsDiagnosis: { iNumber: h.isDiagnosis },
  }));
}

/**
 * Whether any reviewer could ever approve this role at this hospital: a platform administrator
 * may give any role anywhere the role rules allow (an expert needs a hospital that diagnoses).
 */
const PLATFORM_REVIEWER = { roleType: RoleType.PlatformAdmin, hospitalId: null };

const orNull = (v: string) => (v === '' ? null : v);

/**
 * user/register: a pending (3) account of the role applied for. Checks that tell nothing about
 * other accounts (hospital, password pattern) come first, so a typo there does not cost the
 * captcha; then the captcha is used up, and only then does the database say whether the user name
 * or mobile number is taken, so those cannot be probed without solving a captcha each time.
 */
export async function register(
  deps: RegistrationDeps,
  input: RegistrationInput,
  lang: Lang,
): Promise<RegistrationResult> {
  const { db, clock } = deps;
  const role = input.ddRoleType.iNumber;
  let hospitalId: number | null = null;
  if (input.iHospitalId != null) {
    const [hospital] = await repo.registrationHospitals(
      db,
      chinaDate(clock.now()),
      input.iHospitalId,
    );
    if (!hospital) {
      throw fieldRefusal(lang, 'iHospitalId', 'validation.invalid');
    }
    if (!mayGiveRole(PLATFORM_REVIEWER, role, hospital)) {
      throw fieldRefusal(lang, 'iHospitalId', 'ROLE_NOT_ALLOWED');
    }
    hospitalId = hospital.id;
  }
  const config = await getConfig(db);
  if (!isPasswordAcceptable(input.strUserPassword, config.pwdRules)) {
    throw new AppError('PASSWORD_PATTERN');
  }
  if (!(await deps.captcha.consume(input.strCaptchaId, input.strCaptcha))) {
    throw new AppError('CAPTCHA_WRONG');
  }
  const now = clock.now();
  try {
    const iUserId = await insertUser(db, {
      userName: input.strUserName,
      passwordHash: await hashPassword(input.strUserPassword),
      realName: input.strRealName,
      sex: input.ddSex?.iNumber ?? null,
      // The form's YYYY/MM/DD becomes a date column.
      birthday: input.dtBirthdayDate.replaceAll('/', '-'),
      idNumber: input.strIdentityNumber.toUpperCase(),
      province: input.strProvince,
      city: input.strCity,
      mobile: input.strMobile,
      email: orNull(input.strEmail),
      roleType: role,
      registeredRole: role,
      state: UserState.PendingReview,
      hospitalId,
      // A listed hospital is the unit; the typed name only matters when there is none.
      unitName: hospitalId == null ? input.strUnitName : null,
      jobTitle: input.strJobTitle,
      department: orNull(input.strDepartment),
      createdAt: now,
      updatedAt: now,
    });
    return {
      iUserId,
      strUserName: input.strUserName,
      iReviewWorkingDays: RegistrationRules.reviewWorkingDays,
    };
  } catch (error) {
    if (isUniqueViolation(error, 'users_user_name_key')) {
      throw new AppError('USER_NAME_EXISTS');
    }
    if (isUniqueViolation(error, 'users_role_mobile_key')) {
      throw new AppError('MOBILE_EXISTS');
    }
    throw error;
  }
}

function reviewScopeOf(actor: Actor): repo.ReviewScope {
  return {
    hospitals: scopeOf(actor, 'userManage'),
    platform: actor.isSuperadmin || actor.roleType === RoleType.PlatformAdmin,
  };
}

/** userManage/selectRegistration. */
export async function selectRegistrations(db: Db, actor: Actor, query: RegistrationQuery) {
  const { rows, total } = await repo.listRegistrations(db, reviewScopeOf(actor), query);
  return { listPage: rows.map(toRegistrationDto), iTotalCount: total };
}

/** The registration a reviewer acts on: in scope (else 404) and still pending. */
async function pendingRegistration(db: Db, actor: Actor, userId: number) {
  const found = await repo.findRegistration(db, reviewScopeOf(actor), userId);
  if (!found) {
    throw notFound();
  }
  if (found.user.state !== UserState.PendingReview) {
    throw new AppError('REGISTRATION_NOT_PENDING');
  }
  return found;
}

async function dtoOf(db: Db, actor: Actor, userId: number): Promise<RegistrationDto> {
  const found = await repo.findRegistration(db, reviewScopeOf(actor), userId);
  if (!found) {
    throw notFound();
  }
  return toRegistrationDto(found);
}

/**
 * userManage/approveRegistration: the account may log in (4), at the hospital the reviewer picks
 * (by default the one applied for). The hospital must be one the reviewer manages users of, and
 * allow the role (an expert needs a hospital that diagnoses).
 */
export async function approveRegistration(
  deps: RegistrationDeps,
  actor: Actor,
  input: ApproveRegistrationInput,
  lang: Lang,
): Promise<RegistrationDto> {
  const { db } = deps;
  const { user } = await pendingRegistration(db, actor, input.iUserId);
  const hospitalId = input.iHospitalId ?? user.hospitalId;
  if (hospitalId == null) {
    throw fieldRefusal(lang, 'iHospitalId', 'validation.required');
  }
  const hospital = await findHospital(db, scopeOf(actor, 'userManage'), hospitalId);
  if (!hospital) {
    throw notFound();
  }
  const role = user.registeredRole ?? user.roleType;
  if (role !== RoleType.Doctor && role !== RoleType.Expert) {
    throw new AppError('ROLE_NOT_ALLOWED');
  }
  if (!mayGiveRole(actor, role, hospital)) {
    throw new AppError('ROLE_NOT_ALLOWED');
  }
  return recordReview(deps, actor, user.id, {
    state: UserState.Approved,
    hospitalId: hospital.id,
    reviewReason: null,
  });
}

/** userManage/rejectRegistration: not approved (5); the reason is shown at the applicant's login. */
export async function rejectRegistration(
  deps: RegistrationDeps,
  actor: Actor,
  input: RejectRegistrationInput,
): Promise<RegistrationDto> {
  const { user } = await pendingRegistration(deps.db, actor, input.iUserId);
  return recordReview(deps, actor, user.id, {
    state: UserState.NotApproved,
    hospitalId: user.hospitalId,
    reviewReason: input.strReason,
  });
}

/**
 * Records the caller's review, only while the registration is still pending: of two reviews
 * racing, the second is refused. Answers the registration as it now stands.
 */
async function recordReview(
  { db, clock }: RegistrationDeps,
  actor: Actor,
  userId: number,
  outcome: Pick<
    Parameters<typeof repo.reviewRegistration>[2],
    'state' | 'hospitalId' | 'reviewReason'
  >,
): Promise<RegistrationDto> {
  const now = clock.now();
  const done = await repo.reviewRegistration(db, userId, {
    ...outcome,
    reviewedBy: actor.userId,
    reviewedAt: now,
    updatedAt: now,
  });
  if (!done) {
    throw new AppError('REGISTRATION_NOT_PENDING');
  }
  return dtoOf(db, actor, userId);
}
