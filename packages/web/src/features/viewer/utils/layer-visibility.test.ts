import { describe, expect, it } from 'vitest';
import { layerShownFor, rememberLayerShown } from './layer-visibility';

/** A Storage kept in a Map (the web tests run without a DOM). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('the annotation layer shown or hidden per slide', () => {
  it('is shown on a slide this tab never hid', () => {
    expect(layerShownFor(7, memoryStorage())).toBe(true);
  });

  it('stays hidden for that slide alone, and showing it again leaves nothing stored', () => {
    const storage = memoryStorage();
    rememberLayerShown(7, false, storage);
    expect(layerShownFor(7, storage)).toBe(false);
    expect(layerShownFor(8, storage)).toBe(true);
    rememberLayerShown(7, true, storage);
    expect(layerShownFor(7, storage)).toBe(true);
    expect(storage.length).toBe(0);
  });
});
