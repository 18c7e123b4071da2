import fp from 'fastify-plugin';
import { parseLang } from '@pathconsult/shared';
import { AppError } from '../lib/app-error';
import { authenticate, authenticateRecent, type AuthDeps } from '../modules/auth/service';
import { privilegeAllows, rolesAllow } from './route-policy';

/** The token from the `token` header or, as an alternative, `Authorization: Bearer`. */
function readToken(headers: Record<string, string | string[] | undefined>): string | null {
  const token = headers.token;
  if (typeof token === 'string' && token) {
    return token;
  }
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) {
    return auth.slice(7).trim() || null;
  }
  return null;
}

/**
 * Resolves the caller and enforces each route's declared policy before the body is even parsed:
 * 401 without a valid session, 403 for a role the route does not allow, and 403 for any API route
 * that forgot to declare a policy (fail closed).
 */
export const authGuard = fp<{ auth: AuthDeps }>(async (app, { auth }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('auditNote', null as never);
  app.decorateRequest('auditOutcome', 'success');
  app.decorateRequest('policyDenied', false);

  app.addHook('onRequest', async (request) => {
    request.lang = parseLang(request.headers.lang ?? (request.query as { lang?: string })?.lang);
    request.auditNote = {};
    // Decide by the matched route, never by the raw URL: `/%61pi/...` reaches the same handlers.
    // Paths that match no API route (web files, unknown calls) go on to the 404 handler.
    const routeUrl = request.routeOptions.url;
    if (!routeUrl?.startsWith('/api/')) {
      return;
    }
    const policy = request.routeOptions.config.policy;
    if (!policy) {
      request.log.error({ url: routeUrl }, 'route has no declared policy');
      throw new AppError('FORBIDDEN');
    }
    try {
      const token = readToken(request.headers);
      if (token) {
        try {
          const idle = request.headers['x-idle-seconds'];
          request.actor = policy.recentSession
            ? await authenticateRecent(auth, token, request.ip, idle)
            : await authenticate(auth, token, request.ip, idle);
        } catch (error) {
          // A stale token on a public call (the login page) is simply ignored.
          if (policy.roles !== 'public') {
            throw error;
          }
        }
      }
      if (policy.roles !== 'public' && !request.actor) {
        throw new AppError(token ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
      }
      if (!rolesAllow(policy, request.actor) || !privilegeAllows(policy, request.actor)) {
        throw new AppError('FORBIDDEN');
      }
    } catch (error) {
      // Said to the audit trail: a route that writes its own records never ran.
      request.policyDenied = true;
      throw error;
    }
  });
});
