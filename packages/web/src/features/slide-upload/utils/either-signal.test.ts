import { afterEach, describe, expect, it, vi } from 'vitest';
import { eitherSignal } from './either-signal';

describe('eitherSignal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is aborted by either signal, also where AbortSignal.any is missing', () => {
    for (const withAny of [true, false]) {
      if (!withAny) {
        vi.stubGlobal(
          'AbortSignal',
          Object.assign(function AbortSignalStub() {}, { any: undefined }),
        );
      }
      const a = new AbortController();
      const b = new AbortController();
      const either = eitherSignal(a.signal, b.signal);
      expect(either.aborted).toBe(false);
      b.abort();
      expect(either.aborted).toBe(true);
      const c = new AbortController();
      c.abort();
      expect(eitherSignal(c.signal, new AbortController().signal).aborted).toBe(true);
      vi.unstubAllGlobals();
    }
  });
});
