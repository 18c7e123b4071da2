import { describe, expect, it } from 'vitest';
import { SlideUploadState } from '@pathconsult/shared';
import {
  formatAndPower,
  isViewable,
  slideMppText,
  slideFactText,
  slidePixelSize,
  slideTime,
  thumbnailSrc,
} from './slide-facts';

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

describe('format and objective power', () => {
  it('names MRXS for TD and adds the power when known', () => {
    expect(formatAndPower({ strFileType: 'svs', dObjectiveMagnification: 20, dMppX: 0.499 })).toBe(
      'SVS · 20×',
    );
    expect(formatAndPower({ strFileType: 'td', dObjectiveMagnification: null, dMppX: null })).toBe(
      'MRXS',
    );
  });

  it('estimates the power from the pixel size when the scan records none, as the viewer does', () => {
    expect(
      formatAndPower({ strFileType: 'dcm', dObjectiveMagnification: null, dMppX: 0.499 }),
    ).toBe('DCM · ≈20×');
    expect(formatAndPower({ strFileType: 'tif', dObjectiveMagnification: 0, dMppX: 0.25 })).toBe(
      'TIF · ≈40×',
    );
    // A pixel size no standard objective gives (10 / 0.128 is 78×): no power said.
    expect(
      formatAndPower({ strFileType: 'tif', dObjectiveMagnification: null, dMppX: 0.128 }),
    ).toBe('TIF');
  });
});

describe('the facts a narrow table writes under a name', () => {
  const slide = {
    lSize: 1_940_000,
    strFileType: 'svs',
    dObjectiveMagnification: 20,
    iWidth: 2220,
    iHeight: 2967,
    dMppX: 0.499,
    dMppY: 0.499,
    dtUploadTime: '2026-01-02T08:30:00',
    strUploadUserName: '李医生',
  };
  it('join each fact’s parts on one line', () => {
    expect(slideFactText(slide, 'size')).toBe('1.85 MB · SVS · 20×');
    expect(slideFactText(slide, 'pixels')).toBe('2220 × 2967 · 0.499 µm/px');
    expect(slideFactText(slide, 'uploaded')).toBe('2026-01-02 08:30 · 李医生');
    expect(slideTime('2026-01-02T08:30:59')).toBe('2026-01-02 08:30');
  });

  it('leave out the image size until the slide engine has read the slide', () => {
    expect(slideFactText({ ...slide, iWidth: undefined, iHeight: undefined }, 'pixels')).toBeNull();
    expect(slideFactText({ ...slide, dMppX: null, dMppY: null }, 'pixels')).toBe('2220 × 2967');
  });
});
