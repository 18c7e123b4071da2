import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { appendAuditRecord } from '../modules/audit/repo';

/** The call name of the spec (`user/login`) from the route URL (`/api/user/login`). */
function actionOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? request.url).replace(/^\/api\//, '');
}

function shouldAudit(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) {
    return false;
  }
  const policy = request.routeOptions.config.policy;
  if (!policy) {
    return request.method !== 'GET' && request.method !== 'HEAD';
  }
  if (policy.audit === 'self') {
    return false;
  }
  return request.method !== 'GET' || policy.audit === 'read';
}

/**
 * Writes the audit record of every mutation and every audited read, success or refusal, before the
 * answer leaves: a call whose record could not be written does not report success.
 */
export const auditTrail = fp<{ db: Db; clock: Clock }>(async (app, { db, clock }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!shouldAudit(request)) {
      return payload;
    }
    const outcome =
      reply.statusCode === 401 || reply.statusCode === 403 ? 'denied' : request.auditOutcome;
    await appendAuditRecord(db, {
      now: clock.now(),
      actor: request.actor,
      action: actionOf(request),
      outcome,
      ip: request.ip,
      note: request.auditNote,
    });
    return payload;
  });
});
