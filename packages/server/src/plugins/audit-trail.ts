import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { appendAuditRecord, subjectOf } from '../modules/audit/repo';

/** Reads answer no mutation; HEAD is a GET without its body. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Whether a call leaves an audit record: mutations and the reads a route marks as patient-data
 * reads, on matched API routes only (an unknown path changes nothing and would only fill the
 * append-only trail with whatever a client typed).
 */
function shouldAudit(request: FastifyRequest): boolean {
  const policy = request.routeOptions.config.policy;
  if (!request.routeOptions.url?.startsWith('/api/') || !policy || policy.audit === 'self') {
    return false;
  }
  return !READ_METHODS.has(request.method) || policy.audit === 'read';
}

/** The call name of the spec (`user/login`) from the matched route (`/api/user/login`). */
function actionOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/^\/api\//, '');
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
      subject: subjectOf(request.actor),
      action: actionOf(request),
      outcome,
      ip: request.ip,
      note: request.auditNote,
    });
    return payload;
  });
});
