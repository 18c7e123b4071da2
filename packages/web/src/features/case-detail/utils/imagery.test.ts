import { describe, expect, it } from 'vitest';
import { CaseState, RoleType, SlideUploadState } from '@pathconsult/shared';
import { blockingNames, canChangeSlides, slidesLocked } from './imagery';

const ME = 5;
const patient = (state: number, owner = ME) => ({
  owner: { iUserId: owner, strRealName: 'Dr' },
  ddPatientState: { iNumber: state },
});

describe('who may add and delete a case’s slides', () => {
  it('its owner while the case may change (new, returned, withdrawn)', () => {
    for (const state of [CaseState.New, CaseState.Returned, CaseState.Withdrawn]) {
      expect(canChangeSlides(patient(state), ME, RoleType.Doctor), String(state)).toBe(true);
    }
  });

  it('nobody once it is submitted or completed; the owner is told it is locked', () => {
    for (const state of [CaseState.Submitted, CaseState.Completed]) {
      expect(canChangeSlides(patient(state), ME, RoleType.Doctor)).toBe(false);
      expect(slidesLocked(patient(state), ME, RoleType.Doctor)).toBe(true);
    }
    expect(slidesLocked(patient(CaseState.New), ME, RoleType.Doctor)).toBe(false);
  });

  it('not another doctor, an expert or an administrator', () => {
    expect(canChangeSlides(patient(CaseState.New, 99), ME, RoleType.Doctor)).toBe(false);
    expect(slidesLocked(patient(CaseState.Submitted, 99), ME, RoleType.Doctor)).toBe(false);
    expect(canChangeSlides(patient(CaseState.New), ME, RoleType.Expert)).toBe(false);
    expect(canChangeSlides(patient(CaseState.New), ME, RoleType.HospitalAdmin)).toBe(false);
    expect(canChangeSlides(patient(CaseState.New), null, null)).toBe(false);
  });
});

describe('names a new upload may not take', () => {
  it('are those of uploaded and failed slides, not of unfinished uploads', () => {
    const slide = (name: string, original: string, state: number) => ({
      strFileName: name,
      strOriginalName: original,
      ddUploadState: { iNumber: state },
    });
    expect(
      blockingNames([
        slide('Renamed.svs', 'a.svs', SlideUploadState.Uploaded),
        slide('b.svs', 'b.svs', SlideUploadState.Uploading),
        slide('c.svs', 'c.svs', SlideUploadState.Failed),
      ]),
    ).toEqual(['Renamed.svs', 'a.svs', 'c.svs', 'c.svs']);
  });
});
