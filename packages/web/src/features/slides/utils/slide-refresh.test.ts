import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import { slidesRefreshInterval } from './slide-refresh';

describe('how often a slide list reads the slides again', () => {
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
