import { describe, expect, it } from 'vitest';
import { screenshotAddSchema, screenshotMagnification } from './screenshot';

describe('screenshot magnification', () => {
  it('keeps a microscope magnification and drops what the schema would refuse', () => {
    expect(screenshotMagnification(20)).toBe(20);
    expect(screenshotMagnification(0.31)).toBe(0.31);
    for (const bad of [null, 0, -1, 1000.5, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(screenshotMagnification(bad)).toBeNull();
    }
  });

  it('sends only what the schema accepts, so a screenshot is never refused for its magnification', () => {
    const base = {
      iSlideDocumentId: 1,
      strImage: 'data:image/png;base64,AAAA',
      region: { iX: 0, iY: 0, iWidth: 10, iHeight: 10 },
    };
    for (const m of [20, 1000, 1e6, 0, Number.NaN]) {
      const result = screenshotAddSchema.safeParse({
        ...base,
        dMagnification: screenshotMagnification(m),
      });
      expect(result.success, `${m}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });
});
