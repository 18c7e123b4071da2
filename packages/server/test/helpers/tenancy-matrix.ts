import { RoleType } from '@pathconsult/shared';
import type { Answer } from './http';

/*
 * The cross-tenant matrix of a module: every route, called by every role, against a target of
 * each kind. A role the route's policy does not admit gets 403; a target out of the caller's
 * reach answers 404 exactly like a missing one (NOT_FOUND); a reachable one 200 with iCode 0.
 * Every failing cell is collected, so that one run shows the whole picture.
 */

/**
 * Where a target stands for the caller: its own account (experts), its own hospital or group
 * (the superadmin has none: a demo one stands in), another hospital or group, or no row at all.
 */
export type TargetKind = 'self' | 'own' | 'other' | 'missing';

export interface MatrixCaller {
  role: number;
  token: string;
}

export interface MatrixRoute<T> {
  name: string;
  /** The roles the route's policy admits. */
  roles: readonly number[];
  /** Whether the caller reaches a target of this kind; default `reachesOwnOrAny`. */
  visible?: (role: number, kind: TargetKind) => boolean;
  /** List routes: whether the target is in the answer (checked instead of 200/404). */
  listed?: (a: Answer, target: T) => boolean;
  /**
   * Even a reached target is refused by a business rule (200 with iCode 1000), so that the call
   * changes nothing: only the status is checked then.
   */
  refusedWhenReached?: boolean;
  call(token: string, target: T, at: { role: number; kind: TargetKind }): Promise<Answer>;
}

/** The kinds of target most matrices try: every kind but 'self'. */
export type HospitalKind = Exclude<TargetKind, 'self'>;

export interface Matrix<T, K extends TargetKind = HospitalKind> {
  routes: readonly MatrixRoute<T>[];
  callers: readonly MatrixCaller[];
  /** The target of a kind for a caller; asked again for every route, caller and kind. */
  target(kind: K, caller: MatrixCaller): T | Promise<T>;
  /** The kinds each caller is tried against; default own, other and missing. */
  kinds?: (caller: MatrixCaller) => readonly K[];
  /** Whether a target that exists is as it was: checked after every call that must not change it. */
  unchanged?: (target: T) => Promise<boolean>;
}

/** The usual reach: the own hospital's rows, and the platform administrator's everything. */
export const reachesOwnOrAny = (role: number, kind: TargetKind) =>
  kind === 'own' || kind === 'self' || (kind === 'other' && role === RoleType.PlatformAdmin);

const OWN_OTHER_MISSING: readonly HospitalKind[] = ['own', 'other', 'missing'];

/** Runs the whole matrix; the failing cells, each saying where and what (empty when all pass). */
export async function tenancyMatrixFailures<T, K extends TargetKind = HospitalKind>(
  m: Matrix<T, K>,
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of m.routes) {
    for (const caller of m.callers) {
      // Without `kinds`, K is the default HospitalKind.
      for (const kind of m.kinds?.(caller) ?? (OWN_OTHER_MISSING as readonly K[])) {
        const target = await m.target(kind, caller);
        const a = await route.call(caller.token, target, { role: caller.role, kind });
        const allowed = route.roles.includes(caller.role);
        const visible = (route.visible ?? reachesOwnOrAny)(caller.role, kind);
        const where = `${route.name} as role ${caller.role} on ${kind}`;
        const problem = !allowed
          ? forbiddenProblem(a)
          : route.listed
            ? listedProblem(a, route.listed, target, visible)
            : reachProblem(a, visible, route.refusedWhenReached === true);
        if (problem) {
          failures.push(`${where}: ${problem}`);
        }
        if ((!allowed || !visible) && kind !== 'missing' && m.unchanged) {
          if (!(await m.unchanged(target))) {
            failures.push(`${where}: the target changed`);
          }
        }
      }
    }
  }
  return failures;
}

function forbiddenProblem(a: Answer): string | undefined {
  return a.status === 403 ? undefined : `${a.status}, expected 403`;
}

function listedProblem<T>(
  a: Answer,
  isListed: (a: Answer, target: T) => boolean,
  target: T,
  visible: boolean,
): string | undefined {
  if (a.status !== 200) {
    return `${a.status}, expected 200`;
  }
  const listed = isListed(a, target);
  return listed === visible ? undefined : `listed ${listed}, expected ${visible}`;
}

function reachProblem(a: Answer, visible: boolean, refused: boolean): string | undefined {
  const { iCode, strErrorCode } = a.body;
  if (!visible) {
    return a.status === 404 && iCode === 1000 && strErrorCode === 'NOT_FOUND'
      ? undefined
      : `${a.status}/${strErrorCode ?? iCode}, expected 404 NOT_FOUND`;
  }
  if (a.status !== 200 || (!refused && iCode !== 0)) {
    return `${a.status}/${strErrorCode ?? iCode}, expected 200${refused ? '' : ' and iCode 0'}`;
  }
  return undefined;
}
