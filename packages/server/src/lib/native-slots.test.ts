import { describe, expect, it } from 'vitest';
import { NativeSlots } from './native-slots';

describe('NativeSlots', () => {
  it('runs at most `limit` tasks at once, all of them in the end, in order', async () => {
    const slots = new NativeSlots(3);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        slots.run(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 1 + (i % 4)));
          running--;
          return i * 2;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new NativeSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
