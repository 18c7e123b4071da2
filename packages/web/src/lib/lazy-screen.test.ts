import { describe, expect, it, vi } from 'vitest';
import { loadScreen } from './lazy-screen';

const deps = () => {
  const data = new Map<string, string>();
  return {
    storage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    },
    now: () => 1_000_000,
    reload: vi.fn(),
  };
};

const Screen = () => null;
/** Whether a promise settled within a few turns of the event loop. */
const settles = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise((resolve) => setTimeout(() => resolve(false), 20)),
  ]);

describe('loading a screen', () => {
  it('gives the screen once its script arrives', async () => {
    await expect(loadScreen(() => Promise.resolve({ default: Screen }), deps())).resolves.toEqual({
      default: Screen,
    });
  });

  it('reloads the page once for a script gone with a deployment, and shows no error meanwhile', async () => {
    const d = deps();
    const gone = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a-1.js'));
    expect(await settles(loadScreen(gone, d))).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
    // Failing again straight after the reload: the error page, not a loop.
    await expect(loadScreen(gone, d)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('passes any other failure, and a script that never arrives, to the error page', async () => {
    const d = deps();
    await expect(loadScreen(() => Promise.reject(new Error('boom')), d)).rejects.toThrow('boom');
    await expect(loadScreen(() => new Promise(() => {}), d, 5)).rejects.toThrow(
      'The page script took too long to load',
    );
    expect(d.reload).not.toHaveBeenCalled();
  });
});
