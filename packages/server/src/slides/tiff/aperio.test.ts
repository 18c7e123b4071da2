import { describe, expect, it } from 'vitest';
import {
  aperioAssociatedName,
  isAperioDescription,
  parseAperioProperties,
  positiveNumber,
} from './aperio';

const LEVEL0 =
  'Aperio Image Library v11.2.1 \r\n46000x32914 [42673,5576 2220x2967] (240x240) JPEG/RGB Q=30;' +
  'Aperio Image Library v10.0.51\r\n46920x33014 [0,100 46000x32914] (256x256) JPEG/RGB Q=30' +
  '|AppMag = 20|StripeWidth = 2040|ScanScope ID = CPAPERIOCS|MPP = 0.4990|Date = 12/29/09';

describe('Aperio ImageDescription', () => {
  it('is recognised by its prefix', () => {
    expect(isAperioDescription(LEVEL0)).toBe(true);
    expect(isAperioDescription('ImageJ=1.52')).toBe(false);
    expect(isAperioDescription(null)).toBe(false);
  });

  it('gives the key = value pairs after the first field, as OpenSlide names them', () => {
    const properties = parseAperioProperties(LEVEL0);
    expect(Object.fromEntries(properties)).toEqual({
      AppMag: '20',
      StripeWidth: '2040',
      'ScanScope ID': 'CPAPERIOCS',
      MPP: '0.4990',
      Date: '12/29/09',
    });
    expect(positiveNumber(properties.get('MPP'))).toBe(0.499);
    expect(positiveNumber(properties.get('AppMag'))).toBe(20);
    expect(positiveNumber('abc')).toBeNull();
    expect(positiveNumber('0')).toBeNull();
    expect(positiveNumber(undefined)).toBeNull();
  });

  it('names associated images by position, description line, then NewSubfileType', () => {
    expect(
      aperioAssociatedName(1, 'Aperio Image Library v11.2.1 \n2220x2967 -> 574x768 - ', 0),
    ).toBe('thumbnail');
    expect(aperioAssociatedName(2, 'Aperio Image Library v11.2.1 \nlabel 387x463', 1)).toBe(
      'label',
    );
    expect(aperioAssociatedName(3, 'Aperio Image Library v11.2.1 \r\nmacro 1280x431', 9)).toBe(
      'macro',
    );
    expect(aperioAssociatedName(3, null, 9)).toBe('macro');
    expect(aperioAssociatedName(2, 'Aperio', 1)).toBe('label');
    expect(aperioAssociatedName(4, 'Aperio', 0)).toBeNull();
  });
});
