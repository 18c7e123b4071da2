import { describe, expect, it, vi } from 'vitest';
import { createVersionChecker } from './version-checker';

function setup(answers: (string | Error | number)[]) {
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
    if (typeof answer === 'number') {
      return new Response('', { status: answer });
    }
    return new Response(JSON.stringify({ version: answer }), { status: 200 });
  });
  let time = 1000;
  const check = createVersionChecker({ fetch, reload, now: () => time++ });
  return { check, reload, urls, inits };
}

describe('createVersionChecker', () => {
  it('fetches without cache, with a time stamp', async () => {
    const { check, urls, inits } = setup(['1']);
    await check();
    expect(urls[0]).toBe('/version.json?t=1000');
    expect(inits[0]?.cache).toBe('no-store');
  });

  it('reloads when the version changes, not before', async () => {
    const { check, reload } = setup(['1', '1', '2', '3']);
    await check();
    await check();
    expect(reload).not.toHaveBeenCalled();
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores failures and keeps the first version seen', async () => {
    const { check, reload } = setup([new Error('offline'), 500, '1', new Error('x'), '1']);
    for (let i = 0; i < 5; i++) {
      await check();
    }
    expect(reload).not.toHaveBeenCalled();
  });
});
