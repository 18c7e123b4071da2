import { describe, expect, it } from 'vitest';
import { layerShownFor, rememberLayerShown } from './layer-visibility';
import { memoryStorage } from '@/test-support/memory-storage';

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
