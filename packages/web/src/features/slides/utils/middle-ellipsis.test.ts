import { describe, expect, it } from 'vitest';
import { keptTailStart, middleCut, middleEllipsis } from './middle-ellipsis';

describe('a name cut in its middle', () => {
  it('stays whole when it fits', () => {
    expect(middleEllipsis('b-1.svs', 24)).toBe('b-1.svs');
    expect(middleEllipsis('x'.repeat(24), 24)).toBe('x'.repeat(24));
  });

  it('keeps both ends within the room, the ellipsis included', () => {
    const cut = middleEllipsis('CMU-1-Small-Region-26177916-biopsy-left.svs', 24);
    expect(cut).toBe('CMU-1-Small…psy-left.svs');
    expect([...cut].length).toBe(24);
  });

  it('counts Chinese characters twice as wide as Latin letters', () => {
    const cut = middleEllipsis('右乳肿物穿刺活检第二张切片.svs', 16);
    expect(cut).toBe('右乳肿…切片.svs');
    // 3 × 2 + 1 + 2 × 2 + 4 = 15 of 16: a half-width gap rather than too long a line.
    expect(middleEllipsis('甲状腺.svs', 16)).toBe('甲状腺.svs');
  });
});

describe('a file name cut in its middle to a number of characters', () => {
  const stem = 'CMU-1-Small-Region-second-scan-2026-11-27-block-A3';

  it('keeps the extension whole and the larger half at the end', () => {
    expect(middleCut(stem, '.svs', 11)).toBe('CMU-1…ock-A3.svs');
    expect(middleCut(stem, '.svs', 0)).toBe('….svs');
    expect(middleCut(stem, '', 4)).toBe('CM…A3');
  });

  it('stays whole when every character is kept', () => {
    expect(middleCut(stem, '.svs', stem.length)).toBe(`${stem}.svs`);
    expect(middleCut('a', '.tiff', 7)).toBe('a.tiff');
  });

  it('cuts between characters, never inside one', () => {
    expect(middleCut('右乳肿物穿刺活检', '.svs', 3)).toBe('右…活检.svs');
  });
});

describe('the end a one-line name keeps in sight', () => {
  const kept = (stem: string) => [...stem].slice(keptTailStart([...stem])).join('');

  it('is the stem’s last part, from a separator', () => {
    expect(kept('CMU-1-Small-Region-second-scan-3438478-HE-block-A3')).toBe('block-A3');
    expect(kept('BL2026-0815_HE_slide_with_a_rather_long_name_20261205')).toBe('20261205');
    expect(kept('Biopsy of the left breast A1 second level')).toBe('second level');
  });

  it('is its last ten characters when no part is 8 to 16 long', () => {
    expect(kept('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')).toBe('0123456789');
  });

  it('is nothing apart for a short stem', () => {
    expect(kept('CMU-1-Small-Region')).toBe('');
  });
});
