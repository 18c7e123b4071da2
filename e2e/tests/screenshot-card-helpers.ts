import { expect, type Locator } from '@playwright/test';

/** The time a card of the Imagery tab shows, and the short one of the viewer's narrow card. */
export const FULL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
// A screenshot of an earlier year keeps its date only (around New Year in a slow run).
export const SHORT_TIME = /^(\d{2}-\d{2} \d{2}:\d{2}|\d{4}-\d{2}-\d{2})$/;

// The slide's line first: the one that broke in two before.
const LINES = ['slide', 'number', 'time', 'author'] as const;

/** How many lines' height an element takes: more than one means its text broke. */
export function linesTaken(element: Locator) {
  return element.evaluate(
    (el) => {
      const style = getComputedStyle(el);
      // A unitless line-height is read back as a number on some engines, in pixels on others.
      const lineHeight = style.lineHeight.endsWith('px')
        ? parseFloat(style.lineHeight)
        : parseFloat(style.lineHeight) * parseFloat(style.fontSize);
      return el.getBoundingClientRect().height / lineHeight;
    },
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * The walkthrough found every card of a strip alike (the same slide name over two lines): here
 * no two cards' captions read the same, each caption line takes one line (the slide's name up to
 * `nameLines`: two on the viewer's narrow cards, where one cut out the middle that tells a
 * case's slides apart), and the cards are numbered in the strip's order in the page's language,
 * with the time in the form given.
 */
export async function expectDistinctCards(
  strip: Locator,
  ids: readonly number[],
  lang: 'zh' | 'en',
  time: RegExp,
  nameLines = 1,
) {
  const captions = await Promise.all(
    ids.map((id) => strip.getByTestId(`screenshot-${id}`).locator('.ant-card-body').innerText()),
  );
  expect(new Set(captions).size, captions.join(' | ')).toBe(ids.length);
  for (const [i, id] of ids.entries()) {
    for (const line of LINES) {
      const element = strip.getByTestId(`screenshot-${line}-${id}`);
      const lines = line === 'slide' ? nameLines : 1;
      expect(await linesTaken(element), `${line} of ${id}`).toBeLessThan(lines + 0.5);
    }
    await expect(strip.getByTestId(`screenshot-number-${id}`)).toHaveText(
      lang === 'zh' ? `截图 ${i + 1}` : `Shot ${i + 1}`,
    );
    await expect(strip.getByTestId(`screenshot-time-${id}`)).toHaveText(time);
  }
}
