import type { TFunction } from 'i18next';
import { extensionOf, slideTypesLabel } from '@pathconsult/shared';
import { serverText } from '@/lib/server-text';
import type { Refusal } from './upload-checks';

/**
 * The text of a refusal: the server's own wording for its codes, the upload screen's for the
 * others. Every code is named here, so a new one cannot fall through to the server's lookup and
 * be shown as its bare code (as `singleQueued` was).
 */
export function refusalText(
  t: TFunction<'upload'>,
  refusal: Refusal,
  types: readonly string[],
): string {
  const code = refusal.code;
  switch (code) {
    case 'noSlideFolder':
      // A slide folder is explained with MRXS only where this server reads MRXS.
      return t(types.includes('mrxs') ? 'refusal.noSlideFolder' : 'refusal.noSlideFolderNoMrxs');
    case 'singleOnly':
    case 'singleQueued':
    case 'emptyFile':
    case 'emptyFolder':
      return t(`refusal.${code}`);
    case 'chosenTwice':
      return refusal.first
        ? t('refusal.chosenTwiceSpelling', { name: refusal.name, first: refusal.first })
        : t('refusal.chosenTwice', { name: refusal.name });
    case 'inQueue':
    case 'otherFileOfPaused':
    case 'otherFileOfUnfinished':
    case 'mrxsDataOnly':
      return t(`refusal.${code}`, { name: refusal.name });
    case 'SLIDE_TYPE_UNSUPPORTED':
    case 'SLIDE_TYPE_NEEDS_OPENSLIDE':
    case 'SLIDE_LAYOUT_INVALID':
    case 'SLIDE_NAME_EXISTS':
    case 'SLIDE_NAME_FAILED':
    case 'SLIDE_CONTENT_MISMATCH':
    case 'validation.slideTooLarge':
    case 'validation.fileName':
      return serverText(code, {
        name: refusal.name,
        types: slideTypesLabel(types),
        type: (refusal.type ?? extensionOf(refusal.name)).toUpperCase(),
      });
    default:
      return code satisfies never;
  }
}

/** The refusals whose text names the refused file itself (their messages hold `{name}`). */
const NAMING_FILE: ReadonlySet<Refusal['code']> = new Set<Refusal['code']>([
  'chosenTwice',
  'inQueue',
  'otherFileOfPaused',
  'otherFileOfUnfinished',
  'mrxsDataOnly',
  'SLIDE_LAYOUT_INVALID',
  'SLIDE_NAME_EXISTS',
  'SLIDE_NAME_FAILED',
  'SLIDE_CONTENT_MISMATCH',
]);

/**
 * Whether a refusal's text names its file, so that the list need not name it again before it.
 * By code, not by looking for the name in the text: a file called "slide" or "SVS" would be
 * found in "Unsupported slide file type. Supported: SVS…" and left unnamed.
 */
export function refusalNamesFile(refusal: Pick<Refusal, 'code'>): boolean {
  return NAMING_FILE.has(refusal.code);
}
