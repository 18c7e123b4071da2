import { describe, expect, it } from 'vitest';
import {
  anyUnsaved,
  forgetUnsaved,
  keepUnsaved,
  unsavedKey,
  unsavedOver,
  type UnsavedReport,
} from './unsaved-report';

const saved: UnsavedReport = {
  strResult: 'Fibroadenoma',
  strOpinion: '',
  strSupplement: '',
  listScreenshotId: [3, 1],
};

describe('unsaved report texts', () => {
  it('are kept over the draft they were typed on, and given back until saved', () => {
    const key = unsavedKey(7, 12, 1);
    keepUnsaved(key, 'T1', { ...saved, strOpinion: 'See figure 1' }, saved);
    expect(anyUnsaved(7)).toBe(true);
    expect(anyUnsaved(8)).toBe(false);
    expect(unsavedOver(key, 'T1')?.strOpinion).toBe('See figure 1');
    // Another user, sending or version has none.
    expect(unsavedOver(unsavedKey(8, 12, 1), 'T1')).toBeNull();
    expect(unsavedOver(unsavedKey(7, 12, 2), 'T1')).toBeNull();
    forgetUnsaved(key);
    expect(unsavedOver(key, 'T1')).toBeNull();
    expect(anyUnsaved(7)).toBe(false);
  });

  it('give way to a draft saved since (another tab), and go once they equal the saved one', () => {
    const key = unsavedKey(7, 13, 1);
    keepUnsaved(key, 'T1', { ...saved, strResult: 'Phyllodes' }, saved);
    expect(unsavedOver(key, 'T2')).toBeNull();
    expect(unsavedOver(key, 'T1')).toBeNull();
    keepUnsaved(key, 'T1', { ...saved, listScreenshotId: [1, 3] }, saved);
    expect(unsavedOver(key, 'T1')?.listScreenshotId).toEqual([1, 3]);
    keepUnsaved(key, 'T1', { ...saved }, saved);
    expect(unsavedOver(key, 'T1')).toBeNull();
    expect(anyUnsaved(7)).toBe(false);
  });
});
