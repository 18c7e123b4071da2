import type { Lang, PrivilegeCode, RoleTypeCode } from '@pathconsult/shared';
import { holds } from '../modules/privileges/held';
import type { Actor } from '../modules/auth/actor';

/**
 * What every API route must declare (`config.policy`): who may call it and what the audit trail
 * records. Routes without a policy are refused at run time, and a test fails on them.
 */
export interface RoutePolicy {
  /** 'public': no token needed; 'authenticated': any logged-in role; else the allowed role codes. */
  roles: 'public' | 'authenticated' | readonly RoleTypeCode[];
  /**
   * Mutations (every method but GET) are always audited. 'read' also audits a GET, for reads of
   * patient data. 'self' marks calls that write their own record (login: the actor is known only
   * inside the handler).
   */
  audit?: 'read' | 'self';
  /**
   * An administrator privilege the caller must hold (spec §6 menu permissions): platform
   * administrators hold all; hospital administrators what they were granted; other roles none.
   * Only meaningful with administrator roles in `roles`.
   */
  privilege?: PrivilegeCode;
  /**
   * Trust a session checked less than a second ago by the same caller (modules/auth/
   * recent-sessions.ts): only for calls sent many times a second, such as upload chunks.
   */
  recentSession?: boolean;
}

/** What a handler may add to the request's audit record. */
export interface AuditNote {
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
  interface FastifyRequest {
    actor: Actor | null;
    lang: Lang;
    auditNote: AuditNote;
    /** Set by the error handler: how the call ended, for the audit record. */
    auditOutcome: 'success' | 'failure' | 'denied';
    /** Refused by the route's policy (no session, a role it does not allow) before it ran. */
    policyDenied: boolean;
  }
}

export function rolesAllow(policy: RoutePolicy, actor: Actor | null): boolean {
  if (policy.roles === 'public') {
    return true;
  }
  if (!actor) {
    return false;
  }
  if (policy.roles === 'authenticated') {
    return true;
  }
  return policy.roles.includes(actor.roleType);
}

/** Whether the caller holds the route's privilege (roles other than administrators need none). */
export function privilegeAllows(policy: RoutePolicy, actor: Actor | null): boolean {
  if (!policy.privilege || !actor || (actor.roleType !== 1 && actor.roleType !== 2)) {
    return true;
  }
  return holds(actor.privileges, policy.privilege);
}
