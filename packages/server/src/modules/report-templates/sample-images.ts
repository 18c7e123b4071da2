import sharp from 'sharp';

/*
 * Pictures for the preview's sample report, drawn here so that the preview needs no stored file:
 * two stained-tissue-like fields (pink stroma, purple nuclei) and a pen stroke for a signature.
 * Made once per process.
 */

/** A small deterministic generator: the same sample every time. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function tissueSvg(seed: number): string {
  const random = seeded(seed);
  const nuclei = Array.from({ length: 140 }, () => {
    const x = Math.round(random() * 480);
    const y = Math.round(random() * 360);
    const r = 4 + Math.round(random() * 6);
    const shade = 90 + Math.round(random() * 60);
    return `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${Math.round(r * 0.7)}" fill="rgb(${shade},40,${shade + 60})" opacity="0.85"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">` +
    `<rect width="480" height="360" fill="rgb(244,200,220)"/>` +
    `<path d="M0 120 C120 60 260 200 480 110 L480 170 C300 250 140 120 0 190 Z" fill="rgb(236,160,196)"/>` +
    `${nuclei}</svg>`
  );
}

const SIGNATURE_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="265" height="150">` +
  `<path d="M20 100 C40 30 60 30 70 95 C80 130 95 40 120 70 C140 95 150 60 170 80 ` +
  `C185 95 200 70 240 60" stroke="rgb(20,40,120)" stroke-width="4" fill="none" ` +
  `stroke-linecap="round"/></svg>`;

export interface SampleImages {
  screenshots: Buffer[];
  signature: Buffer;
}

let made: Promise<SampleImages> | null = null;

export function sampleImages(): Promise<SampleImages> {
  made ??= Promise.all([
    sharp(Buffer.from(tissueSvg(7)))
      .jpeg({ quality: 80 })
      .toBuffer(),
    sharp(Buffer.from(tissueSvg(11)))
      .png()
      .toBuffer(),
    sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer(),
  ]).then(([first, second, signature]) => ({ screenshots: [first, second], signature }));
  return made;
}
