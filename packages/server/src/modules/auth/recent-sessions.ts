import type { Actor } from './actor';

/**
 * Sessions checked a moment ago, for the few routes that arrive many times a second from one
 * caller (slide upload chunks: a 3 GB slide is 3,000 requests). Checking a session costs two
 * queries — on the embedded database about 2 ms of the only thread, more than hashing and
 * writing the megabyte the request carries (bench/upload.bench.ts). A route opts in with
 * `policy.recentSession`; every other route checks the database on every call.
 *
 * Why a short-lived copy is safe there: an entry lives one second and is bound to the address
 * it was checked from; logging out and every revocation in this process (freeze, password
 * change or reset) drop the caller's entries at once and keep new ones from being made for two
 * seconds — a check that read the database just before the revoking transaction committed
 * must not be kept — so a revoked session is refused on its next chunk. Changes made by another
 * instance sharing the database (PostgreSQL) reach this one within the lifetime below.
 */
const LIFETIME_MS = 1_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  actor: Actor;
  ip: string;
  expires: number;
}

const entries = new Map<string, Entry>();

/** How long after a revocation nothing of that account or session is kept (wall-clock ms). */
const HOLD_OFF_MS = 2_000;
const heldOffUsers = new Map<number, number>();
const heldOffSessions = new Map<number, number>();

function holdOff(map: Map<number, number>, id: number): void {
  const now = Date.now();
  if (map.size >= MAX_ENTRIES) {
    for (const [key, until] of map) {
      if (until <= now) {
        map.delete(key);
      }
    }
  }
  map.set(id, now + HOLD_OFF_MS);
}

function heldOff(actor: Actor): boolean {
  const now = Date.now();
  return (
    (heldOffUsers.get(actor.userId) ?? 0) > now || (heldOffSessions.get(actor.sessionId) ?? 0) > now
  );
}

/** The caller of a token checked less than a second ago from the same address, if any. */
export function recentActor(tokenHash: string, ip: string, now: number): Actor | null {
  const entry = entries.get(tokenHash);
  if (!entry || entry.expires <= now || entry.ip !== ip) {
    return null;
  }
  return entry.actor;
}

export function rememberActor(tokenHash: string, ip: string, actor: Actor, now: number): void {
  if (heldOff(actor)) {
    return;
  }
  if (entries.size >= MAX_ENTRIES) {
    // Entries are this short-lived: starting over costs a query per caller, nothing more.
    entries.clear();
  }
  entries.set(tokenHash, { actor, ip, expires: now + LIFETIME_MS });
}

/** Drops a session (logged out, revoked): its next call checks the database. */
export function forgetSession(sessionId: number): void {
  holdOff(heldOffSessions, sessionId);
  for (const [key, entry] of entries) {
    if (entry.actor.sessionId === sessionId) {
      entries.delete(key);
    }
  }
}

/** Drops every session of an account (frozen, password changed or reset). */
export function forgetSessionsOfUser(userId: number): void {
  holdOff(heldOffUsers, userId);
  for (const [key, entry] of entries) {
    if (entry.actor.userId === userId) {
      entries.delete(key);
    }
  }
}
