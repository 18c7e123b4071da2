import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { RoutePolicy } from './route-policy';
import { appendAuditRecord, subjectOf } from '../modules/audit/repo';
import { internalErrorBody } from './error-handler';

/** Reads answer no mutation; HEAD is a GET without its body. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Whether a call to a route leaves an audit record: mutations and the reads a route marks as
 * patient-data reads, on matched API routes only (an unknown path changes nothing and would only
 * fill the append-only trail with whatever a client typed). Also used by the test that every
 * audited call has a readable name in the audit log screen.
 */
export function auditsCall(
  method: string,
  url: string | undefined,
  policy: RoutePolicy | undefined,
): boolean {
  if (!url?.startsWith('/api/') || !policy || policy.audit === 'self') {
    return false;
  }
  return !READ_METHODS.has(method) || policy.audit === 'read';
}

function shouldAudit(request: FastifyRequest): boolean {
  const policy = request.routeOptions.config.policy;
  // A route that writes its own records ('self') never ran when its policy refused the call
  // (no session, a role it does not allow): that refusal is recorded here like any other.
  const asRefused = policy?.audit === 'self' && request.policyDenied;
  return auditsCall(
    request.method,
    request.routeOptions.url,
    asRefused ? { ...policy, audit: undefined } : policy,
  );
}

/** The call name of the spec (`user/login`) from a route's URL (`/api/user/login`). */
export function auditActionOf(url: string | undefined): string {
  return (url ?? '').replace(/^\/api\//, '');
}

function actionOf(request: FastifyRequest): string {
  return auditActionOf(request.routeOptions.url);
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
    try {
      await appendAuditRecord(db, {
        now: clock.now(),
        subject: subjectOf(request.actor),
        action: actionOf(request),
        outcome,
        ip: request.ip,
        note: request.auditNote,
      });
    } catch (error) {
      // Thrown from here, the failure would skip the error handler and Fastify's own answer
      // would carry the database's message (its query and parameters) to the client.
      request.log.error({ err: error }, 'the audit record of a call could not be written');
      // The route's own headers are not this answer's: a picture's hour of caching, a PDF's
      // file name.
      for (const header of ['cache-control', 'content-disposition', 'etag', 'last-modified']) {
        reply.removeHeader(header);
      }
      void reply.code(500).type('application/json; charset=utf-8');
      return internalErrorBody(request.lang ?? 'zh');
    }
    return payload;
  });
});
