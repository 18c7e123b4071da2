import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { UNMATCHED_REASONS, type SlideMatchResult } from '@pathconsult/shared';
import { resources } from '@/locales/resources';
import { matchOutcomeText } from './match-outcome';

async function tIn(lng: 'zh-CN' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, ns: ['slides'] });
  return i18n.getFixedT(lng, 'slides');
}

const result = (iMatched: number, reasons: SlideMatchResult['listUnmatchedReason']) => ({
  iMatched,
  listUnmatched: reasons.map((r) => r.iSlideDocumentId),
  listUnmatchedReason: reasons,
});

describe('matchOutcomeText', () => {
  it('says why the slides left stayed unmatched, counted by reason', async () => {
    const outcome = result(2, [
      { iSlideDocumentId: 3, strReason: 'caseLocked' },
      { iSlideDocumentId: 4, strReason: 'noCase' },
      { iSlideDocumentId: 5, strReason: 'caseLocked' },
    ]);
    expect(matchOutcomeText(await tIn('en'), outcome)).toBe(
      'Matched: 2; left unmatched: 3 (no case of their number yet: 1, their case is submitted: 2)',
    );
    expect(matchOutcomeText(await tIn('zh-CN'), outcome)).toBe(
      '已匹配 2 张；3 张未匹配（暂无相同病理号的病例 1 张，所属病例已提交 2 张）',
    );
  });

  it.each(['zh-CN', 'en'] as const)('words every reason in %s', async (lng) => {
    const t = await tIn(lng);
    for (const strReason of UNMATCHED_REASONS) {
      const text = matchOutcomeText(t, result(1, [{ iSlideDocumentId: 9, strReason }]));
      expect(text, strReason).not.toMatch(
        /match\.|why\.|\b(noCase|caseLocked|nameTaken|colleagueCase|unreadable)\b/,
      );
    }
  });

  it('says only how many joined when none is left', async () => {
    expect(matchOutcomeText(await tIn('en'), result(4, []))).toBe('Matched to their cases: 4');
  });
});
