import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import { uploadStateView, type UploadStateSlide } from './upload-state-view';

const slide = (over: Partial<UploadStateSlide> = {}): UploadStateSlide => ({
  iSlideDocumentId: 5,
  ddUploadState: { iNumber: SlideUploadState.Uploading },
  bStalled: false,
  lSize: 1000,
  lProgress: 250,
  strFailReason: null,
  iWidth: undefined,
  ...over,
});

describe('uploadStateView', () => {
  it('shows an upload nobody here sends as uploading, or interrupted once the server says so', () => {
    expect(uploadStateView(slide(), undefined)).toEqual({
      label: 'uploading',
      color: 'processing',
      percent: 25,
      hint: null,
    });
    expect(uploadStateView(slide({ bStalled: true }), undefined)).toEqual({
      label: 'interrupted',
      color: 'warning',
      percent: 25,
      hint: { key: 'interrupted' },
    });
  });

  it('prefers what this browser’s queue knows, with the larger progress', () => {
    const stalled = slide({ bStalled: true });
    const item = { state: 'uploading' as const, lProgress: 600, bNeedsFiles: false };
    expect(uploadStateView(stalled, item)).toMatchObject({ label: 'uploading', percent: 60 });
    expect(uploadStateView(stalled, { ...item, state: 'paused' })).toMatchObject({
      label: 'paused',
      hint: { key: 'paused' },
    });
    expect(uploadStateView(slide(), { ...item, state: 'paused', bNeedsFiles: true })).toEqual({
      label: 'paused',
      color: 'warning',
      percent: 60,
      hint: { key: 'needsFiles' },
    });
    // Paused by the queue itself: why comes with it.
    const full = { text: 'Your hospital’s slide storage is used up' };
    expect(uploadStateView(slide(), { ...item, state: 'paused', reason: full })).toMatchObject({
      label: 'paused',
      hint: { key: 'paused', reason: full },
    });
    expect(uploadStateView(slide(), { ...item, state: 'waiting', lProgress: 0 })).toMatchObject({
      label: 'waiting',
      percent: 25,
    });
    // Given up here (another file chosen for it): not "uploading" while the server has yet to
    // notice that no data comes.
    const other = { key: 'otherFileContinued' as const };
    expect(uploadStateView(slide(), { ...item, state: 'failed', reason: other })).toEqual({
      label: 'interrupted',
      color: 'warning',
      percent: 60,
      hint: { key: 'givenUp', reason: other },
    });
    // Sent on since from elsewhere (the server holds more than this queue did): the server's.
    expect(
      uploadStateView(slide({ lProgress: 900 }), { ...item, state: 'failed', reason: other }),
    ).toMatchObject({ label: 'uploading', percent: 90 });
  });

  it('shows finished slides by the server alone, a failure with its reason', () => {
    const queued = { state: 'paused' as const, lProgress: 0, bNeedsFiles: false };
    const uploaded = { ddUploadState: { iNumber: SlideUploadState.Uploaded }, iWidth: 2220 };
    expect(uploadStateView(slide(uploaded), queued)).toEqual({
      label: 'uploaded',
      color: 'success',
      percent: null,
      hint: null,
    });
    expect(
      uploadStateView(
        slide({ ddUploadState: { iNumber: SlideUploadState.Failed }, strFailReason: 'Not a TIFF' }),
        undefined,
      ),
    ).toEqual({ label: 'failed', color: 'error', percent: null, hint: { text: 'Not a TIFF' } });
    expect(uploadStateView(slide({ ddUploadState: { iNumber: 9 } }), undefined).label).toBe(
      'unknown',
    );
  });

  it('shows a slide received whole but not yet read by the slide engine as processing', () => {
    const received = slide({
      ddUploadState: { iNumber: SlideUploadState.Uploaded },
      lProgress: 1000,
    });
    expect(uploadStateView(received, undefined)).toEqual({
      label: 'processing',
      color: 'processing',
      percent: null,
      hint: { key: 'processing' },
    });
  });
});
