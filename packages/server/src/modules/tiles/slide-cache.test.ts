import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import type { SlideSource } from '../../slides/slide-source';
import { OpenSlideCache } from './slide-cache';

/** A database whose every query answers one stored slide file. */
function oneSlideDb(): Db {
  const rows = [
    {
      storageKey: 'key',
      fileType: 'svs',
      docSha: 'ab'.repeat(32),
      associatedImages: null,
      storedPath: 'slide.svs',
      fileSha: null,
    },
  ];
  const chain: unknown = new Proxy(
    {},
    {
      get: (_, prop) =>
        prop === 'then' ? (resolve: (value: unknown) => void) => resolve(rows) : () => chain,
    },
  );
  return { select: () => chain } as unknown as Db;
}

function cacheWithSlides() {
  const closed: number[] = [];
  let opened = 0;
  const open = vi.fn(async () => {
    const n = ++opened;
    return { close: async () => void closed.push(n) } as unknown as SlideSource;
  });
  const cache = new OpenSlideCache(oneSlideDb(), '/data', 4, open);
  return { cache, closed, open };
}

const nothing = async () => undefined;

describe('OpenSlideCache and the server’s own work', () => {
  it('closes a slide its background work opened once that work is done', async () => {
    const { cache, closed } = cacheWithSlides();
    await cache.use(1, 7, nothing, true);
    await cache.closeIfUnused(1);
    expect(closed).toEqual([1]);
    expect(cache.isOpen(1)).toBe(false);
  });

  it('keeps it open once a viewer has used it meanwhile, by a tile read or one in memory', async () => {
    for (const viewer of ['use', 'openNow'] as const) {
      const { cache, closed } = cacheWithSlides();
      await cache.use(
        1,
        7,
        async () => {
          if (viewer === 'use') {
            await cache.use(1, 7, nothing);
          } else {
            expect(cache.openNow(1)).not.toBeNull();
          }
        },
        true,
      );
      await cache.closeIfUnused(1);
      expect(closed, viewer).toEqual([]);
      expect(cache.isOpen(1)).toBe(true);
    }
  });

  it('never closes a slide a viewer had open before the work began', async () => {
    const { cache, closed, open } = cacheWithSlides();
    await cache.use(1, 7, nothing);
    await cache.use(1, 7, nothing, true);
    await cache.closeIfUnused(1);
    expect(closed).toEqual([]);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
