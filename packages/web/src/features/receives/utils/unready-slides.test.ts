import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import { unreadySlides } from './unready-slides';

const slide = (state: number, strFileName: string) => ({
  ddUploadState: { iNumber: state },
  strFileName,
});

describe('slides that hold a submission', () => {
  it('names those not finished uploading and those that failed, not the uploaded ones', () => {
    expect(
      unreadySlides([
        slide(SlideUploadState.Uploaded, 'a.svs'),
        slide(SlideUploadState.Uploading, 'b.svs'),
        slide(SlideUploadState.Uploading, 'c.svs'),
        slide(SlideUploadState.Failed, 'd.svs'),
      ]),
    ).toEqual({ uploading: ['b.svs', 'c.svs'], failed: ['d.svs'] });
    expect(unreadySlides([slide(SlideUploadState.Uploaded, 'a.svs')])).toEqual({
      uploading: [],
      failed: [],
    });
  });
});
