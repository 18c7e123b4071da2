import { describe, expect, it } from 'vitest';
import { CaseState, RoleType, SlideUploadState } from '@pathconsult/shared';
import {
  blockingNames,
  canChangeSlides,
  isViewable,
  slideMppText,
  slidePixelSize,
  slidesLocked,
  thumbnailSrc,
  slidesRefreshInterval,
} from './imagery';

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

describe('thumbnails', () => {
  it('take a data URL as it is and bare base64 as JPEG', () => {
    expect(thumbnailSrc(null)).toBeNull();
    expect(thumbnailSrc('data:image/png;base64,AAA')).toBe('data:image/png;base64,AAA');
    expect(thumbnailSrc('/9j/AAA')).toBe('data:image/jpeg;base64,/9j/AAA');
  });
});

describe('what the slide engine read', () => {
  it('shows the full-resolution size once known', () => {
    expect(slidePixelSize({ iWidth: 2220, iHeight: 2967 })).toBe('2220 × 2967');
    expect(slidePixelSize({})).toBeNull();
  });

  it('shows the pixel size in micrometres, both axes when they differ', () => {
    expect(slideMppText({ dMppX: 0.499, dMppY: 0.499 })).toBe('0.499 µm/px');
    expect(slideMppText({ dMppX: 0.2527, dMppY: 0.25271 })).toBe('0.2527 µm/px');
    expect(slideMppText({ dMppX: 0.25, dMppY: 0.26 })).toBe('0.25 × 0.26 µm/px');
    expect(slideMppText({ dMppX: null, dMppY: null })).toBeNull();
    expect(slideMppText({})).toBeNull();
  });
});

describe('which slides the viewer opens', () => {
  const state = (iNumber: number) => ({ iNumber });
  it('uploaded slides the slide engine has read', () => {
    expect(isViewable({ ddUploadState: state(SlideUploadState.Uploaded), iWidth: 2220 })).toBe(
      true,
    );
    expect(isViewable({ ddUploadState: state(SlideUploadState.Uploaded) })).toBe(false);
    expect(isViewable({ ddUploadState: state(SlideUploadState.Uploading), iWidth: 10 })).toBe(
      false,
    );
    expect(isViewable({ ddUploadState: state(SlideUploadState.Failed), iWidth: 10 })).toBe(false);
  });
});

describe('how often the Imagery tab reads the slides again', () => {
  const slide = (state: number, iWidth?: number, bStalled = false) => ({
    ddUploadState: { iNumber: state },
    iWidth,
    bStalled,
  });
  it('follows the slide engine quickly, an upload slowly, and rests otherwise', () => {
    expect(slidesRefreshInterval([slide(SlideUploadState.Uploaded, 2220)])).toBe(false);
    expect(slidesRefreshInterval([slide(SlideUploadState.Failed)])).toBe(false);
    expect(slidesRefreshInterval([])).toBe(false);
    expect(
      slidesRefreshInterval([
        slide(SlideUploadState.Uploaded, 2220),
        slide(SlideUploadState.Uploaded),
      ]),
    ).toBe(3_000);
    expect(slidesRefreshInterval([slide(SlideUploadState.Uploading)])).toBe(15_000);
    const interrupted = slide(SlideUploadState.Uploading, undefined, true);
    expect(slidesRefreshInterval([interrupted])).toBe(60_000);
    expect(slidesRefreshInterval([interrupted, slide(SlideUploadState.Uploading)])).toBe(15_000);
  });
});
