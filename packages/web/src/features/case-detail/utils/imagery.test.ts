import { describe, expect, it } from 'vitest';
import {
  CaseState,
  RoleType,
  SlideUploadState,
  UploadType,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import {
  blockingNames,
  failedNames,
  canChangeSlides,
  caseUploadRequest,
  imageryColumns,
  slidesLocked,
  slidesWaitingFor,
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
    // The failed one is named apart: its refusal asks to delete it first.
    expect(
      failedNames([
        slide('Renamed.svs', 'a.svs', SlideUploadState.Uploaded),
        slide('broken.svs', 'scan-7.svs', SlideUploadState.Failed),
      ]),
    ).toEqual(['broken.svs', 'scan-7.svs']);
  });
});

describe('the upload panel opened for a case', () => {
  it('addresses the case, refuses the names its slides hold and lists its unfinished uploads', () => {
    const facts = { lSize: 100, lProgress: 40, iFileCount: 1, iUploadUserId: 3, bStalled: true };
    const request = caseUploadRequest(
      { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: '刘敏' },
      UploadType.Single,
      [
        {
          iSlideDocumentId: 1,
          strFileName: 'Renamed.svs',
          strOriginalName: 'a.svs',
          ddUploadState: { iNumber: SlideUploadState.Uploaded },
          ...facts,
        },
        {
          iSlideDocumentId: 2,
          strFileName: 'half.svs',
          strOriginalName: 'b.svs',
          ddUploadState: { iNumber: SlideUploadState.Uploading },
          ...facts,
        },
      ],
    );
    expect(request).toEqual({
      target: { iPatientId: 7, strDiagnosistNum: 'P-7', strPatientName: '刘敏' },
      iUploadType: UploadType.Single,
      uploadedNames: ['Renamed.svs', 'a.svs'],
      failedNames: [],
      unfinished: [
        { iSlideDocumentId: 2, names: ['half.svs', 'b.svs'], strOriginalName: 'b.svs', ...facts },
      ],
    });
  });
});

describe('the slide table’s layout', () => {
  it('puts every fact under the name when narrow: no column a sideways scroll away', () => {
    expect(imageryColumns(true)).toEqual(['thumbnail', 'name']);
    expect(imageryColumns(false)).toEqual([
      'thumbnail',
      'name',
      'size',
      'pixels',
      'state',
      'uploaded',
      'actions',
    ]);
  });
});

describe('slidesWaitingFor', () => {
  const slide = (strFileName: string, state: number = SlideUploadState.Uploaded) =>
    ({ strFileName, ddUploadState: { iNumber: state } }) as unknown as SlideDocumentDto;
  it('offers the unmatched slides of the number the case can take', () => {
    const waiting = slidesWaitingFor(
      [
        slide('a.svs'),
        slide('B.svs'),
        slide('broken.svs', SlideUploadState.Failed),
        slide('going.svs', SlideUploadState.Uploading),
      ],
      [slide('b.SVS')],
    );
    // Not a name the case holds (any letter case), not a failed one; one uploading joins.
    expect(waiting.map((s) => s.strFileName)).toEqual(['a.svs', 'going.svs']);
  });
});
