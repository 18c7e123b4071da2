import { describe, expect, it } from 'vitest';
import { RoleType } from '@pathconsult/shared';
import type { Actor } from './actor';
import { forgetSession, forgetSessionsOfUser, recentActor, rememberActor } from './recent-sessions';
import { NO_PRIVILEGES } from '../privileges/held';

const actor = (userId: number, sessionId: number): Actor => ({
  userId,
  userName: `u${userId}`,
  roleType: RoleType.Doctor,
  hospitalId: 1,
  groupId: null,
  isSuperadmin: false,
  sessionId,
  privileges: NO_PRIVILEGES,
});

describe('recently checked sessions', () => {
  it('answer for one second, from the same address only', () => {
    rememberActor('t1', '10.0.0.1', actor(101, 201), 1_000);
    expect(recentActor('t1', '10.0.0.1', 1_500)?.userId).toBe(101);
    expect(recentActor('t1', '10.0.0.2', 1_500)).toBeNull();
    expect(recentActor('t1', '10.0.0.1', 2_000)).toBeNull();
  });

  it('drop a logged-out session and keep none of it for a while (its revocation may not be committed yet)', () => {
    rememberActor('t2', 'ip', actor(102, 202), 1_000);
    forgetSession(202);
    expect(recentActor('t2', 'ip', 1_001)).toBeNull();
    // A check that read the database before the logout committed is not kept.
    rememberActor('t2', 'ip', actor(102, 202), 1_002);
    expect(recentActor('t2', 'ip', 1_003)).toBeNull();
  });

  it('drop every session of a revoked account and keep none of them for a while', () => {
    rememberActor('t3', 'ip', actor(103, 203), 1_000);
    rememberActor('t4', 'ip', actor(103, 204), 1_000);
    rememberActor('t5', 'ip', actor(104, 205), 1_000);
    forgetSessionsOfUser(103);
    expect(recentActor('t3', 'ip', 1_001)).toBeNull();
    expect(recentActor('t4', 'ip', 1_001)).toBeNull();
    expect(recentActor('t5', 'ip', 1_001)?.userId).toBe(104);
    rememberActor('t3', 'ip', actor(103, 203), 1_002);
    expect(recentActor('t3', 'ip', 1_003)).toBeNull();
  });
});
