import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Screen = () => null;

describe('lazyScreen preload', () => {
  it('loads the script ahead, without rendering anything', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const screen = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });

  it('keeps a failed preload quiet: the screen meets the failure when it is opened', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const screen = lazyScreen(() => Promise.reject(new Error('offline')));
      screen.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
