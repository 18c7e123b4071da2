import { describe, expect, it } from 'vitest';
import {
  lockedRowAction,
  matchableIds,
  selectionDeleteBlock,
  slideRowActions,
} from './slide-actions';

const row = (iUploadUserId: number, matched: boolean, iSlideDocumentId = 1, state = 1) => ({
  iSlideDocumentId,
  iUploadUserId,
  ddMatchState: { iNumber: matched ? 1 : 0 },
  ddUploadState: { iNumber: state },
  // The slide engine has read an uploaded slide; these rows stand for read slides.
  iWidth: state === 1 ? 2220 : undefined,
  bCaseLocked: false,
});

describe('slideRowActions', () => {
  it('gives a doctor its own uploads to rename and delete, and unmatched slides to match', () => {
    expect(slideRowActions(row(7, false), 'doctor', 7)).toEqual([
      'view',
      'rename',
      'match',
      'delete',
    ]);
    expect(slideRowActions(row(7, true), 'doctor', 7)).toEqual(['view', 'rename', 'delete']);
    // A colleague's unmatched slide: matched by number, not renamed or deleted.
    expect(slideRowActions(row(8, false), 'doctor', 7)).toEqual(['view', 'match']);
    // A colleague's upload on the doctor's own case: the case owner may remove it.
    expect(slideRowActions(row(8, true), 'doctor', 7)).toEqual(['view', 'delete']);
  });

  it('gives administrators every slide and the removed list nothing', () => {
    expect(slideRowActions(row(8, false), 'admin', 1)).toEqual([
      'view',
      'rename',
      'match',
      'delete',
    ]);
    expect(slideRowActions(row(8, true), 'admin', 1)).toEqual(['view', 'rename', 'delete']);
    expect(slideRowActions(row(7, false), 'removed', 7)).toEqual([]);
  });

  it('offers viewing only once the slide engine has read the slide', () => {
    const unread = { ...row(7, true), iWidth: undefined };
    expect(slideRowActions(unread, 'doctor', 7)).toEqual(['rename', 'delete']);
  });

  it('keeps the name and number of a slide still uploading', () => {
    expect(slideRowActions(row(7, false, 1, 0), 'doctor', 7)).toEqual(['match', 'delete']);
    expect(slideRowActions(row(7, false, 1, 0), 'admin', 1)).toEqual(['match', 'delete']);
    expect(slideRowActions(row(7, false, 1, 2), 'doctor', 7)).toEqual([
      'rename',
      'match',
      'delete',
    ]);
  });
});

describe('selectionDeleteBlock', () => {
  it('allows up to 100 unmatched slides, or one matched slide alone', () => {
    expect(selectionDeleteBlock([row(1, false), row(1, false)])).toBeNull();
    expect(selectionDeleteBlock([row(1, true)])).toBeNull();
    expect(selectionDeleteBlock(Array.from({ length: 100 }, () => row(1, false)))).toBeNull();
  });

  it('refuses more than 100, and matched slides among several', () => {
    expect(selectionDeleteBlock(Array.from({ length: 101 }, () => row(1, false)))).toBe('tooMany');
    expect(selectionDeleteBlock([row(1, false), row(1, true)])).toBe('matched');
  });
});

describe('slides of submitted cases', () => {
  const locked = { ...row(1, true), bCaseLocked: true };

  it('show Edit and Delete switched off, and View as usual', () => {
    expect(lockedRowAction(locked, 'rename')).toBe(true);
    expect(lockedRowAction(locked, 'delete')).toBe(true);
    expect(lockedRowAction(locked, 'view')).toBe(false);
    expect(lockedRowAction(row(1, true), 'delete')).toBe(false);
  });

  it('cannot be deleted from a selection either', () => {
    expect(selectionDeleteBlock([locked])).toBe('locked');
  });
});

describe('matchableIds', () => {
  it('keeps the unmatched slides of a selection', () => {
    expect(matchableIds([row(1, false, 4), row(1, true, 5), row(2, false, 6)])).toEqual([4, 6]);
  });
});
