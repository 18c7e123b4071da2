import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { PausedError, mergeTrouble, withRetry, type Connection, type LinkTrouble } from './retry';

const POLICY = { maxFailures: 3, baseMs: 1000, maxMs: 30_000, unreachableMaxMs: 10_000 };
const networkDown = () => new ApiError({ strMessage: 'Failed to fetch', httpStatus: 0 });

/** A network that is on or off, as the test says; waiting for it resolves when it comes back. */
class FakeConnection implements Connection {
  private isOnline = true;
  private waiting: (() => void)[] = [];
  online() {
    return this.isOnline;
  }
  whenOnline() {
    return this.isOnline ? Promise.resolve() : new Promise<void>((r) => this.waiting.push(r));
  }
  set(online: boolean) {
    this.isOnline = online;
    if (online) {
      this.waiting.splice(0).forEach((r) => r());
    }
  }
}

describe('retrying over a link that drops', () => {
  it('waits out a browser that is offline however many tries fail, and goes on when it is back', async () => {
    const connection = new FakeConnection();
    const troubles: (LinkTrouble | null)[] = [];
    const pauses: number[] = [];
    let calls = 0;
    const result = withRetry(
      async () => {
        calls += 1;
        if (calls <= 5) {
          // The Wi-Fi drops with each try and comes back a moment later.
          connection.set(false);
          setTimeout(() => connection.set(true), 0);
          throw networkDown();
        }
        return 'sent';
      },
      {
        signal: new AbortController().signal,
        policy: POLICY,
        connection,
        sleep: async (ms) => void pauses.push(ms),
        onTrouble: (t) => troubles.push(t),
      },
    );
    await expect(result).resolves.toBe('sent');
    // Five failures offline, more than maxFailures, did not pause the upload, nor wait a backoff.
    expect(calls).toBe(6);
    expect(pauses).toEqual([]);
    expect(troubles.at(0)).toEqual({ kind: 'offline' });
    expect(troubles.at(-1)).toBeNull();
  });

  it('keeps trying a server it cannot reach, every 10 s at most, until it answers', async () => {
    // The server killed and restarted later, a VPN down overnight: 40 tries, far more than
    // maxFailures, and the upload goes on by itself with the first answer.
    const troubles: (LinkTrouble | null)[] = [];
    const pauses: number[] = [];
    let calls = 0;
    const result = withRetry(
      async () => {
        calls += 1;
        if (calls <= 40) {
          throw calls % 2 === 0
            ? networkDown()
            : new ApiError({ strMessage: 'x', httpStatus: 502 });
        }
        return 'sent';
      },
      {
        signal: new AbortController().signal,
        policy: POLICY,
        connection: new FakeConnection(),
        sleep: async (ms) => void pauses.push(ms),
        onTrouble: (t) => troubles.push(t),
      },
    );
    await expect(result).resolves.toBe('sent');
    // A restarted server is found within 10 s of its return, not half a minute.
    expect(pauses.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(Math.max(...pauses)).toBe(10_000);
    expect(pauses).toHaveLength(40);
    expect(troubles.at(-1)).toBeNull();
    // No answer is the link's; a gateway's 502 is an answer: the server's.
    const retrying = troubles.filter((t) => t?.kind === 'retrying');
    expect(retrying.filter((t) => t.server)).toHaveLength(20);
    expect(retrying.filter((t) => !t.server)).toHaveLength(20);
  });

  it('takes a timeout for no answer, not the server’s', async () => {
    const troubles: (LinkTrouble | null)[] = [];
    let calls = 0;
    await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) {
          throw new ApiError({ strMessage: 'x', httpStatus: 408, strErrorCode: 'TIMEOUT' });
        }
        return 'sent';
      },
      {
        signal: new AbortController().signal,
        policy: POLICY,
        connection: new FakeConnection(),
        sleep: async () => {},
        onTrouble: (t) => troubles.push(t),
      },
    );
    expect(troubles[0]).toMatchObject({ kind: 'retrying' });
    expect(troubles[0]).not.toHaveProperty('server');
  });

  it('backs off and pauses after maxFailures of a server that answers with errors', async () => {
    const troubles: (LinkTrouble | null)[] = [];
    const pauses: number[] = [];
    const result = withRetry(
      async () => {
        throw new ApiError({ strMessage: 'Internal error', httpStatus: 500 });
      },
      {
        signal: new AbortController().signal,
        policy: POLICY,
        connection: new FakeConnection(),
        sleep: async (ms) => void pauses.push(ms),
        onTrouble: (t) => troubles.push(t),
      },
    );
    await expect(result).rejects.toBeInstanceOf(PausedError);
    expect(pauses).toEqual([1000, 2000]);
    expect(troubles.map((t) => t?.kind)).toEqual(['retrying', 'retrying']);
    // The server answered: the network is no cause, and the item says so.
    expect(troubles.every((t) => t?.kind === 'retrying' && t.server === true)).toBe(true);
  });

  it('counts server failures even while the browser says it is offline', async () => {
    // A server on the same machine or LAN answers although the browser reports no network.
    const connection = new FakeConnection();
    connection.set(false);
    const result = withRetry(
      async () => {
        throw new ApiError({ strMessage: 'busy', httpStatus: 429 });
      },
      { signal: new AbortController().signal, policy: POLICY, connection, sleep: async () => {} },
    );
    await expect(result).rejects.toBeInstanceOf(PausedError);
  });

  it('stops waiting for the network when the user stops the upload', async () => {
    const connection = new FakeConnection();
    connection.set(false);
    const controller = new AbortController();
    const result = withRetry(
      async () => {
        throw networkDown();
      },
      {
        signal: controller.signal,
        policy: POLICY,
        connection: {
          online: () => false,
          whenOnline: (signal) =>
            new Promise((_, reject) =>
              signal.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
            ),
        },
      },
    );
    setTimeout(() => controller.abort(), 0);
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the trouble shown while several chunks retry', () => {
  const at = (retryAt: number): LinkTrouble => ({ kind: 'retrying', retryAt });
  it('keeps the earliest next try until it has come, then shows the next one', () => {
    // Three chunks fail one after another: the countdown follows the first try due.
    let shown = mergeTrouble(null, at(1_000), 0);
    shown = mergeTrouble(shown, at(1_200), 50);
    shown = mergeTrouble(shown, at(1_100), 60);
    expect(shown).toEqual(at(1_000));
    // That try came and failed: its longer wait is shown, and a chunk's later report of an
    // earlier time (its own try still to come) does not put it back up.
    shown = mergeTrouble(shown, at(5_000), 1_010);
    expect(shown).toEqual(at(5_000));
    expect(mergeTrouble(shown, at(4_500), 1_100)).toEqual(at(4_500));
    expect(mergeTrouble(shown, at(9_000), 1_100)).toEqual(at(5_000));
    // Offline, and the link back, are said as they come.
    expect(mergeTrouble(shown, { kind: 'offline' }, 1_200)).toEqual({ kind: 'offline' });
    expect(mergeTrouble(shown, null, 1_200)).toBeNull();
  });
});
