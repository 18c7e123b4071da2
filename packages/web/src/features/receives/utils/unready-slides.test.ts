import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import { unreadySlides } from './unready-slides';

const slide = (state: number) => ({ ddUploadState: { iNumber: state } });

describe('slides an expert cannot open yet', () => {
  it('counts those still uploading and those that failed, not the uploaded ones', () => {
    expect(
      unreadySlides([
        slide(SlideUploadState.Uploaded),
        slide(SlideUploadState.Uploading),
        slide(SlideUploadState.Uploading),
        slide(SlideUploadState.Failed),
      ]),
    ).toEqual({ uploading: 2, failed: 1 });
    expect(unreadySlides([slide(SlideUploadState.Uploaded)])).toEqual({ uploading: 0, failed: 0 });
  });
});
