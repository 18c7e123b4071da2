import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

/**
 * Letters and digits that cannot be mistaken for one another on a noisy image: no 0/O/Q, 1/I/L,
 * 2/Z, 5/S, 6/G, 8/B. Answers are compared without case, so one case is enough.
 */
export const CAPTCHA_CHARS = 'ACDEFHJKMNPRTUVWXY3479';
export const CAPTCHA_LENGTH = 5;

/** A captcha text from the crypto generator (svg-captcha's own uses Math.random). */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) {
    text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  }
  return text;
}

/*
 * svg-captcha's module is a function rendering a given text (its typings only declare the
 * helpers that pick a text themselves, which would bypass our generator).
 */
const renderSvg = svgCaptcha as unknown as (
  text: string,
  options: Parameters<typeof svgCaptcha.create>[0],
) => string;

/** Display size in CSS pixels; the PNG has twice as many for sharp screens. */
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;

/**
 * The captcha as a PNG: coloured glyphs drawn as paths (no font needed on the server) crossed by
 * noise lines, rasterized by sharp's librsvg so that the browser never receives the text itself
 * in an SVG it could read.
 */
export async function renderCaptchaPng(text: string): Promise<Buffer> {
  const svg = renderSvg(text, {
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 54,
    noise: 4,
    color: true,
    background: '#eef2f7',
  });
  return sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
}
