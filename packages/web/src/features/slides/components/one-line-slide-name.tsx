import type { CSSProperties } from 'react';
import { extensionOf } from '@pathconsult/shared';
import { splitSlideName } from '../utils/slide-name';

/** The end of a stem kept in sight: from a separator, 8 to 16 characters; else the last 10. */
const MIN_TAIL = 8;
const MAX_TAIL = 16;
const TAIL = 10;
/** A stem this short is not split: an ellipsis standing for a few characters helps no one. */
const SPLIT_FROM = 20;
const SEPARATOR = /[-_ .]/;

const HEAD: CSSProperties = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
};

/**
 * Where the kept end of `chars` starts: after a separator, so that it is a whole part of the
 * name ("…block-A3", "…20261205"), or its last TAIL characters when no part fits.
 */
function tailStart(chars: readonly string[]): number {
  if (chars.length <= SPLIT_FROM) {
    return chars.length;
  }
  for (let i = chars.length - MIN_TAIL; i >= chars.length - MAX_TAIL; i -= 1) {
    if (SEPARATOR.test(chars[i - 1]!)) {
      return i;
    }
  }
  return chars.length - TAIL;
}

/**
 * A slide's name on one line as wide as it needs up to `maxWidth`, cut in its middle when it
 * runs out of room: the start of the name gives way to an ellipsis while its last part and its
 * format stay (slides of one case differ at the end, "…block-A3.svs" and "…block-B7.svs"; a cut
 * at the end hid just that). Plain CSS, so it takes its natural width in a row of controls,
 * where a measured fit (slide-file-name.tsx) would shrink with what it shows. The whole name is
 * its text for screen readers and copying, and its title on hover.
 */
export function OneLineSlideName({
  name,
  maxWidth,
  testId,
}: {
  name: string;
  maxWidth: CSSProperties['maxWidth'];
  testId?: string;
}) {
  const { stem, extension } = splitSlideName(name, extensionOf(name));
  const chars = [...stem];
  const split = tailStart(chars);
  return (
    <span
      title={name}
      style={{ display: 'inline-flex', minWidth: 0, maxWidth, fontWeight: 600 }}
      data-testid={testId}
    >
      <span style={HEAD}>{chars.slice(0, split).join('')}</span>
      <span style={{ whiteSpace: 'nowrap', flex: 'none' }}>
        {chars.slice(split).join('')}
        {extension}
      </span>
    </span>
  );
}
