import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateFontFile, reportFontFiles } from './report-fonts';

describe('report font', () => {
  it('comes with npm ci: two TrueType files', () => {
    const files = reportFontFiles();
    for (const file of [files.normal, files.bold]) {
      const head = fs.readFileSync(file).subarray(0, 4);
      // TrueType outlines (0x00010000); the font must not be a WOFF pdfkit cannot subset.
      expect(head.toString('hex')).toBe('00010000');
    }
  });

  it('says what to install when a font file is missing', () => {
    expect(() => locateFontFile('@expo-google-fonts/noto-sans-sc/none/Missing.ttf')).toThrow(
      /report font .*Missing\.ttf is missing.*npm ci/s,
    );
  });
});
