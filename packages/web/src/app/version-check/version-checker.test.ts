import { describe, expect, it, vi } from 'vitest';
import { createVersionChecker, decideVersion, RELOADED_FOR_KEY } from './version-checker';
import { memoryStorage } from '@/test-support/memory-storage';

type Answer = string | Error | number | Response;

function setup(
  answers: Answer[],
  {
    builtVersion = '1',
    storage = memoryStorage(),
  }: { builtVersion?: string; storage?: ReturnType<typeof memoryStorage> } = {},
) {
  const urls: string[] = [];
  const inits: RequestInit[] = [];
  const reload = vi.fn();
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    urls.push(url);
    inits.push(init);
    const answer = answers.shift();
    if (answer instanceof Error) {
      throw answer;
    }
    if (answer instanceof Response) {
      return answer;
    }
    if (typeof answer === 'number') {
      return new Response('', { status: answer });
    }
    return new Response(JSON.stringify({ version: answer }), { status: 200 });
  });
  let time = 1000;
  const check = createVersionChecker({ builtVersion, fetch, reload, now: () => time++, storage });
  return { check, reload, fetch, urls, inits, storage };
}

describe('decideVersion', () => {
  it('keeps the page when the deployed version is the built one', () => {
    expect(decideVersion('1', '1', null)).toBe('current');
    expect(decideVersion('1', '1', '2')).toBe('current');
  });

  it('reloads for a different version, once per version', () => {
    expect(decideVersion('1', '2', null)).toBe('reload');
    expect(decideVersion('1', '2', '2')).toBe('alreadyReloaded');
    expect(decideVersion('1', '3', '2')).toBe('reload');
  });
});

describe('createVersionChecker', () => {
  it('fetches without cache, with a time stamp', async () => {
    const { check, urls, inits } = setup(['1']);
    await check();
    expect(urls[0]).toBe('/version.json?t=1000');
    expect(inits[0]?.cache).toBe('no-store');
  });

  it('keeps the page while the deployed version is the built one', async () => {
    const { check, reload } = setup(['1', '1', '1']);
    for (let i = 0; i < 3; i++) {
      await check();
    }
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads on the first check when a deployment landed before it', async () => {
    const { check, reload, storage } = setup(['2']);
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(RELOADED_FOR_KEY)).toBe('2');
  });

  it('reloads when the version changes later, and only once per page', async () => {
    const { check, reload, fetch } = setup(['1', '1', '2', '3']);
    await check();
    await check();
    expect(reload).not.toHaveBeenCalled();
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not loop when the reload brought the old bundle back', async () => {
    // The page already reloaded for version 2, but a cache served bundle 1 again.
    const storage = memoryStorage({ [RELOADED_FOR_KEY]: '2' });
    const { check, reload } = setup(['2', '2'], { storage });
    await check();
    await check();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again for a newer deployment after an attempt that did not take', async () => {
    const storage = memoryStorage({ [RELOADED_FOR_KEY]: '2' });
    const { check, reload } = setup(['2', '3'], { storage });
    await check();
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(RELOADED_FOR_KEY)).toBe('3');
  });

  it('forgets the reload record once the running bundle is current', async () => {
    const storage = memoryStorage({ [RELOADED_FOR_KEY]: '2' });
    const { check, reload } = setup(['2'], { builtVersion: '2', storage });
    await check();
    expect(reload).not.toHaveBeenCalled();
    expect(storage.data.has(RELOADED_FOR_KEY)).toBe(false);
  });

  it('does not reload when the record cannot be stored', async () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const { check, reload } = setup(['2'], { storage });
    await check();
    expect(reload).not.toHaveBeenCalled();
  });

  it('ignores failures', async () => {
    const { check, reload } = setup([
      new Error('offline'),
      500,
      new Response('<html>', { status: 200 }),
      new Response('{"version":""}', { status: 200 }),
      '1',
    ]);
    for (let i = 0; i < 5; i++) {
      await check();
    }
    expect(reload).not.toHaveBeenCalled();
  });

  it('checks nothing without a built-in version (vite serve)', async () => {
    const { check, reload, fetch } = setup(['2'], { builtVersion: '' });
    await check();
    expect(fetch).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
