import type { TFunction } from 'i18next';
import { UNMATCHED_REASONS, type SlideMatchResult } from '@pathconsult/shared';

/**
 * What "Match selected" says when it is done: how many joined their cases and, for those left,
 * why, counted by reason ("no case of their number yet" was said of every slide left, even when
 * its case was submitted or a colleague's, and the user looked for a case that existed).
 */
export function matchOutcomeText(t: TFunction<'slides'>, result: SlideMatchResult): string {
  if (result.listUnmatched.length === 0) {
    return t('match.done', { matched: result.iMatched });
  }
  const why = UNMATCHED_REASONS.map((reason) => ({
    reason,
    count: result.listUnmatchedReason.filter((r) => r.strReason === reason).length,
  }))
    .filter(({ count }) => count > 0)
    .map(({ reason, count }) => t(`match.why.${reason}`, { count }))
    .join(t('match.whySeparator'));
  return t('match.partly', {
    matched: result.iMatched,
    unmatched: result.listUnmatched.length,
    why,
  });
}
