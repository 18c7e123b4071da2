/* Relative imports: the root Vitest project for web does not read vite.config.ts, so no `@` alias. */
import type { RoleTypeCode } from '@pathconsult/shared';
import { HOME_PATH, type RouteDef } from '../../config/paths';
import { hasRole } from '../../lib/authority';

/** What the guard does with a navigation (spec §2 "Route guard"). */
export type AccessDecision = 'allow' | 'login' | 'forbidden' | 'notFound' | 'wait';

export interface AccessContext {
  loggedIn: boolean;
  role: RoleTypeCode | null;
  /** The global configuration; undefined while it is still loading. */
  config: { forget: boolean } | undefined;
}

/**
 * Decides a navigation: public routes pass (unless a configuration switch hides them), other
 * routes need a login, and a route with an authority list needs the session role to be in it.
 * /workplace is always allowed once logged in.
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
  return 'allow';
}
