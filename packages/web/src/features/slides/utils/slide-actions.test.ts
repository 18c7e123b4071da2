import { describe, expect, it } from 'vitest';
import {
  bulkDeleteUploadNotes,
  rowActionBlock,
  matchableIds,
  selectionDeleteBlock,
  selectionMatchBlock,
  selectionReasons,
  singleDeleteNote,
  slideRowActions,
} from './slide-actions';

const row = (
  iUploadUserId: number,
  matched: boolean,
  iSlideDocumentId = 1,
  state = 1,
  // A matched slide's case: its uploader's own unless said.
  caseOwner = iUploadUserId,
) => ({
  iSlideDocumentId,
  iUploadUserId,
  ddMatchState: { iNumber: matched ? 1 : 0 },
  iCaseOwnerId: matched ? caseOwner : null,
  ddUploadState: { iNumber: state },
  // The slide engine has read an uploaded slide; these rows stand for read slides.
  iWidth: state === 1 ? 2220 : undefined,
  bCaseLocked: false,
  // An unmatched slide's number has a case unless said (what Match needs).
  bNumberHasCase: !matched,
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

  it('keeps the name and number of a slide still uploading, and matches it once complete', () => {
    // Matched by hand while unfinished, an interrupted upload sat unviewable in a patient's case.
    expect(slideRowActions(row(7, false, 1, 0), 'doctor', 7)).toEqual(['delete']);
    expect(slideRowActions(row(7, false, 1, 0), 'admin', 1)).toEqual(['delete']);
  });

  it('offers no match for a slide that failed: it joins no case', () => {
    expect(slideRowActions(row(7, false, 1, 2), 'doctor', 7)).toEqual(['rename', 'delete']);
    expect(slideRowActions(row(8, false, 1, 2), 'admin', 1)).toEqual(['rename', 'delete']);
  });
});

describe('selectionDeleteBlock', () => {
  const admin = (rows: ReturnType<typeof row>[]) => selectionDeleteBlock(rows, 'admin', 1);

  it('allows up to 100 unmatched slides, or a case doctor’s one matched slide alone', () => {
    expect(admin([row(1, false), row(1, false)])).toBeNull();
    expect(admin(Array.from({ length: 100 }, () => row(1, false)))).toBeNull();
    expect(selectionDeleteBlock([row(7, true)], 'doctor', 7)).toBeNull();
  });

  it('refuses more than 100, and matched slides among several', () => {
    expect(admin(Array.from({ length: 101 }, () => row(1, false)))).toBe('tooMany');
    expect(selectionDeleteBlock([row(7, false), row(7, true)], 'doctor', 7)).toBe('matched');
  });

  it('lets a doctor delete together only slides its rows offer to delete', () => {
    expect(selectionDeleteBlock([row(7, false), row(7, false)], 'doctor', 7)).toBeNull();
    // A colleague's unmatched upload: matched by number, never deleted by this doctor.
    expect(selectionDeleteBlock([row(7, false), row(8, false)], 'doctor', 7)).toBe('notYours');
    // Its own matched slide alone, even one a colleague uploaded to its case.
    expect(selectionDeleteBlock([row(8, true, 1, 1, 7)], 'doctor', 7)).toBeNull();
  });
});

describe('slides of submitted cases', () => {
  const locked = { ...row(1, true), bCaseLocked: true };

  it('show Edit and Delete switched off, and View as usual', () => {
    expect(rowActionBlock(locked, 'rename', 'doctor', 1)).toBe('locked');
    expect(rowActionBlock(locked, 'delete', 'admin', 1)).toBe('locked');
    expect(rowActionBlock(locked, 'view', 'doctor', 1)).toBeNull();
    expect(rowActionBlock(row(1, true), 'delete', 'doctor', 1)).toBeNull();
  });

  it('cannot be deleted from a selection either, which is the reason given', () => {
    expect(selectionDeleteBlock([locked], 'admin', 1)).toBe('locked');
    // All of a submitted case's slides are matched too: "delete them alone" would mislead.
    expect(selectionDeleteBlock([locked, locked], 'admin', 1)).toBe('locked');
    expect(selectionDeleteBlock([row(1, false), row(1, true), locked], 'doctor', 1)).toBe('locked');
    expect(
      selectionDeleteBlock(
        Array.from({ length: 101 }, () => locked),
        'admin',
        1,
      ),
    ).toBe('locked');
  });
});

describe('an upload matched to a colleague’s case, in its uploader’s list', () => {
  // Uploaded by doctor 1, matched to doctor 2's case.
  const theirs = row(1, true, 1, 1, 2);

  it('shows Delete switched off: the case’s doctor removes it from the case', () => {
    expect(slideRowActions(theirs, 'doctor', 1)).toContain('delete');
    expect(rowActionBlock(theirs, 'delete', 'doctor', 1)).toBe('colleagueCase');
    expect(rowActionBlock(theirs, 'rename', 'doctor', 1)).toBeNull();
    // Its case's doctor deletes it.
    expect(rowActionBlock(theirs, 'delete', 'doctor', 2)).toBeNull();
  });

  it('cannot be deleted from a selection, even alone, which is the reason given', () => {
    expect(selectionDeleteBlock([theirs], 'doctor', 1)).toBe('colleagueCase');
    expect(selectionDeleteBlock([row(1, false), theirs], 'doctor', 1)).toBe('colleagueCase');
    expect(selectionDeleteBlock([row(1, true)], 'doctor', 1)).toBeNull();
  });
});

describe('matched slides in the administrators’ list', () => {
  it('show Delete switched off: the case’s doctor removes them from the case', () => {
    expect(rowActionBlock(row(1, true), 'delete', 'admin', 1)).toBe('matchedCase');
    expect(rowActionBlock(row(1, true), 'rename', 'admin', 1)).toBeNull();
    expect(rowActionBlock(row(1, false), 'delete', 'admin', 1)).toBeNull();
  });

  it('switches Match off for a slide whose number no case has yet, saying so', () => {
    const noCase = { ...row(1, false), bNumberHasCase: false };
    expect(slideRowActions(noCase, 'doctor', 1)).toContain('match');
    expect(rowActionBlock(noCase, 'match', 'doctor', 1)).toBe('noCase');
    expect(rowActionBlock(noCase, 'match', 'admin', 1)).toBe('noCase');
    expect(rowActionBlock(noCase, 'rename', 'doctor', 1)).toBeNull();
    expect(rowActionBlock(row(1, false), 'match', 'doctor', 1)).toBeNull();
  });

  it('cannot be deleted from a selection, even alone, which is the reason given', () => {
    expect(selectionDeleteBlock([row(1, true)], 'admin', 1)).toBe('matchedCase');
    expect(selectionDeleteBlock([row(1, false), row(2, true)], 'admin', 1)).toBe('matchedCase');
    expect(selectionDeleteBlock([row(1, false), row(2, false)], 'admin', 1)).toBeNull();
  });
});

describe('matchableIds', () => {
  it('keeps the unmatched slides of a selection that have not failed', () => {
    expect(
      matchableIds([
        row(1, false, 4),
        row(1, true, 5),
        row(2, false, 6),
        row(2, false, 7, 2),
        row(2, false, 8, 0),
      ]),
    ).toEqual([4, 6]);
  });
});

describe('selectionMatchBlock', () => {
  it('switches Match selected off, saying why, once every selected slide is matched', () => {
    expect(selectionMatchBlock([row(1, true), row(1, true)])).toBe('allMatched');
    expect(selectionMatchBlock([row(1, true), row(1, false)])).toBeNull();
    // Nothing selected: off without a reason to give.
    expect(selectionMatchBlock([])).toBeNull();
  });

  it('switches it off when every unmatched slide selected failed', () => {
    expect(selectionMatchBlock([row(1, true), row(1, false, 2, 2)])).toBe('allFailed');
    expect(selectionMatchBlock([row(1, false, 2, 2), row(1, false, 3)])).toBeNull();
  });

  it('switches it off when the unmatched slides selected are uploads not complete (or failed)', () => {
    expect(selectionMatchBlock([row(1, false, 2, 0), row(1, true, 3)])).toBe('allUnfinished');
    expect(selectionMatchBlock([row(1, false, 2, 0), row(1, false, 3, 2)])).toBe('allUnfinished');
    expect(selectionMatchBlock([row(1, false, 2, 0), row(1, false, 3)])).toBeNull();
  });

  it('switches it off when no case has the number of any unmatched slide selected', () => {
    const noCase = (id: number, state = 1) => ({
      ...row(1, false, id, state),
      bNumberHasCase: false,
    });
    expect(selectionMatchBlock([noCase(1), noCase(2), row(1, true, 3)])).toBe('noCase');
    // A failed one joins no case either way.
    expect(selectionMatchBlock([noCase(1), row(1, false, 2, 2)])).toBe('noCase');
    // One whose number has a case: matched, and the server says why the other stayed.
    expect(selectionMatchBlock([noCase(1), row(1, false, 2)])).toBeNull();
  });

  it('switches it off past the most one request matches, counting the unmatched slides only', () => {
    const unmatched = (n: number) => Array.from({ length: n }, (_, i) => row(1, false, i + 1));
    expect(selectionMatchBlock(unmatched(100))).toBeNull();
    expect(selectionMatchBlock(unmatched(101))).toBe('matchTooMany');
    expect(selectionMatchBlock([...unmatched(100), row(1, true, 500)])).toBeNull();
  });
});

describe('singleDeleteNote', () => {
  const one = (iPatientId: number | null, state: number, iUploadUserId = 7) => ({
    iPatientId,
    ddUploadState: { iNumber: state },
    iUploadUserId,
  });
  it('names the case a matched slide leaves', () => {
    expect(singleDeleteNote(one(3, 1), 7)).toBe('contentMatched');
  });
  it('says an unfinished upload stops, naming its uploader to anyone else', () => {
    expect(singleDeleteNote(one(null, 0), 7)).toBe('contentUploading');
    expect(singleDeleteNote(one(null, 0, 8), 1)).toBe('contentOthersUpload');
    expect(singleDeleteNote(one(null, 1), 7)).toBe('contentOne');
    expect(singleDeleteNote(one(null, 2, 8), 1)).toBe('contentOne');
  });
  it('says both of a slide in a case whose upload is unfinished', () => {
    expect(singleDeleteNote(one(3, 0), 7)).toBe('contentMatchedUploading');
    expect(singleDeleteNote(one(3, 0, 8), 1)).toBe('contentMatchedOthersUpload');
  });
});

describe('bulkDeleteUploadNotes', () => {
  const one = (state: number, iUploadUserId: number, strUploadUserName: string) => ({
    ddUploadState: { iNumber: state },
    iUploadUserId,
    strUploadUserName,
  });
  it('says nothing when no slide is still uploading', () => {
    expect(bulkDeleteUploadNotes([one(1, 8, 'Li'), one(2, 7, 'Me')], 7)).toEqual([]);
  });
  it('counts the caller’s own uploads that stop', () => {
    expect(bulkDeleteUploadNotes([one(0, 7, 'Me'), one(0, 7, 'Me'), one(1, 8, 'Li')], 7)).toEqual([
      { key: 'contentManyUploading', count: 2 },
    ]);
  });
  it('counts colleagues’ uploads apart from the caller’s, naming each colleague once', () => {
    expect(
      bulkDeleteUploadNotes(
        [one(0, 8, 'Li'), one(0, 9, 'Wang'), one(0, 8, 'Li'), one(0, 7, 'Me'), one(1, 10, 'Zhao')],
        7,
      ),
    ).toEqual([
      { key: 'contentManyUploading', count: 1 },
      { key: 'contentManyOthersUpload', count: 3, users: ['Li', 'Wang'] },
    ]);
  });
});

describe('selectionReasons', () => {
  it('gives one reason for both buttons when every selected slide is matched', () => {
    expect(selectionReasons('allMatched', 'matchedCase')).toEqual(['allMatchedMatchedCase']);
    expect(selectionReasons('allMatched', 'colleagueCase')).toEqual(['allMatchedColleagueCase']);
    expect(selectionReasons('allMatched', 'matched')).toEqual(['allMatchedMatched']);
  });

  it('gives each button its own reason otherwise', () => {
    expect(selectionReasons('noCase', 'matched')).toEqual(['noCase', 'matched']);
    // A submitted case's slide is the reason that holds whatever else is deselected.
    expect(selectionReasons('allMatched', 'locked')).toEqual(['allMatched', 'locked']);
    expect(selectionReasons('allMatched', null)).toEqual(['allMatched']);
    expect(selectionReasons(null, null)).toEqual([]);
  });
});
