/* Relative imports: the root Vitest project for web does not read vite.config.ts, so no `@` alias. */
import { privilegeDefForPath, type RoleTypeCode } from '@pathconsult/shared';
import { HOME_PATH, type RouteDef } from '../../config/paths';
import { hasRole } from '../../lib/authority';
import { NOTHING_HELD, pathOpenWith, type HeldSet } from '../../lib/held-privileges';

/** What the guard does with a navigation (spec §2 "Route guard"). */
export type AccessDecision = 'allow' | 'login' | 'forbidden' | 'notFound' | 'wait';

export interface AccessContext {
  loggedIn: boolean;
  role: RoleTypeCode | null;
  /** The global configuration; undefined while it is still loading. */
  config: { forget: boolean } | undefined;
  /** The session's administrator privileges; undefined while they load. */
  privileges?: HeldSet | undefined;
}

/**
 * Decides a navigation: public routes pass (unless a configuration switch hides them), other
 * routes need a login, a route with an authority list needs the session role to be in it, and an
 * administrator screen behind a privilege needs that privilege. /workplace is always allowed once
 * logged in.
 */
export function decideAccess(route: RouteDef, ctx: AccessContext): AccessDecision {
  if (route.requiresConfig) {
    if (!ctx.config) {
      return 'wait';
    }
    if (!ctx.config[route.requiresConfig]) {
      return 'notFound';
    }
  }
  if (route.access === 'public') {
    return 'allow';
  }
  if (!ctx.loggedIn) {
    return 'login';
  }
  if (route.path === HOME_PATH) {
    return 'allow';
  }
  if (route.authority && !hasRole(ctx.role, route.authority)) {
    return 'forbidden';
  }
  // Administrator screens behind a privilege (spec §6 menu permissions).
  if (ctx.role === 1 || ctx.role === 2) {
    if (ctx.privileges === undefined) {
      return pathOpenWith(route.path, NOTHING_HELD) ? 'allow' : 'wait';
    }
    if (!pathOpenWith(route.path, ctx.privileges)) {
      return 'forbidden';
    }
  }
  return 'allow';
}

/** What the guard tells /403 of a refusal. */
export interface ForbiddenState {
  /** The label key (privileges:labels) of the privilege the route needs, when it needs one. */
  privilegeLabel: string | null;
}

/**
 * The privilege a refused route needs, as its label key, when the role may open it and only the
 * privilege is missing; null when the role itself is refused (no privilege would open it).
 */
export function missingPrivilegeLabel(route: RouteDef, ctx: AccessContext): string | null {
  if (route.authority && !hasRole(ctx.role, route.authority)) {
    return null;
  }
  return privilegeDefForPath(route.path)?.labelKey ?? null;
}
