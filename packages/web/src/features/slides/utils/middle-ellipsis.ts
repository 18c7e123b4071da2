/** Width of a character in Latin letters: CJK and other wide characters count two. */
function charWidth(char: string): number {
  return /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
    char,
  )
    ? 2
    : 1;
}

/**
 * A name cut in its middle to at most `room` Latin letters' width ("CMU-1-Sm…-left.svs"): slide
 * names are long and tell one another apart at both ends (the scanner's prefix, then a serial
 * number or side and the format), which an end cut hides. The end keeps the larger half.
 */
export function middleEllipsis(name: string, room: number): string {
  const chars = [...name];
  const width = chars.reduce((sum, c) => sum + charWidth(c), 0);
  if (width <= room) {
    return name;
  }
  const budget = Math.max(room - 1, 2);
  let head = '';
  let tail = '';
  let headRoom = Math.floor(budget / 2);
  let tailRoom = budget - headRoom;
  for (let i = chars.length - 1; i >= 0 && charWidth(chars[i]!) <= tailRoom; i -= 1) {
    tail = chars[i]! + tail;
    tailRoom -= charWidth(chars[i]!);
  }
  headRoom += tailRoom;
  for (const c of chars) {
    if (charWidth(c) > headRoom) {
      break;
    }
    head += c;
    headRoom -= charWidth(c);
  }
  return `${head}…${tail}`;
}

/**
 * A file name with `kept` characters of its stem left around an ellipsis and its extension whole
 * ("CMU-1-Sm…ck-A3.svs" for kept 10): the format is always told, and, as above, the end keeps the
 * larger half. How many characters fit is for the caller to find (a width or a line count).
 */
export function middleCut(stem: string, extension: string, kept: number): string {
  const chars = [...stem];
  if (kept >= chars.length) {
    return stem + extension;
  }
  const headCount = Math.floor(Math.max(kept, 0) / 2);
  const tailCount = Math.max(kept, 0) - headCount;
  const tail = tailCount > 0 ? chars.slice(-tailCount).join('') : '';
  return `${chars.slice(0, headCount).join('')}…${tail}${extension}`;
}

/** The end of a stem kept in sight: from a separator, 8 to 16 characters; else the last 10. */
const MIN_TAIL = 8;
const MAX_TAIL = 16;
const TAIL = 10;
/** A stem this short is not split: an ellipsis standing for a few characters helps no one. */
const SPLIT_FROM = 20;
const SEPARATOR = /[-_ .]/;

/**
 * Where the end of a stem's `chars` that a one-line name keeps in sight starts (the rest gives
 * way to a CSS ellipsis: one-line-slide-name.tsx): after a separator, so that it is a whole part
 * of the name ("…block-A3", "…20261205"), or its last TAIL characters when no part fits; the
 * length of a short stem (nothing kept apart).
 */
export function keptTailStart(chars: readonly string[]): number {
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
