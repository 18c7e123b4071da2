import { describe, expect, it } from 'vitest';
import { cropRgb, filledRgb } from '../rgb';
import type { RgbImage } from '../slide-source';
import { likelyFrameOrder } from './frame-order';

/** Tissue-like texture: smooth within, different everywhere. */
function texture(width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = 128 + Math.round(100 * Math.sin(x / 13) * Math.cos(y / 17));
      data[i + 1] = 128 + Math.round(100 * Math.sin((x + 2 * y) / 23));
      data[i + 2] = Math.round((255 * (x + y)) / (width + height));
    }
  }
  return { width, height, data };
}

/** The picture cut into `size`² frames (edge frames padded black), in the given order. */
function framesOf(picture: RgbImage, size: number, columnsFirst: boolean): RgbImage[] {
  const across = Math.ceil(picture.width / size);
  const down = Math.ceil(picture.height / size);
  const frames: RgbImage[] = [];
  for (let a = 0; a < (columnsFirst ? across : down); a++) {
    for (let b = 0; b < (columnsFirst ? down : across); b++) {
      const [col, row] = columnsFirst ? [a, b] : [b, a];
      const frame = filledRgb(size, size, [0, 0, 0]);
      const part = cropRgb(picture, col * size, row * size, size, size);
      for (let y = 0; y < part.height; y++) {
        part.data.copy(frame.data, y * size * 3, y * part.width * 3, (y + 1) * part.width * 3);
      }
      frames.push(frame);
    }
  }
  return frames;
}

describe('the order of frames a DICOM file does not state', () => {
  const picture = texture(350, 260); // 7 × 6 frames of 50², the last column and row padded
  const judge = (frames: RgbImage[]) =>
    likelyFrameOrder({ across: 7, down: 6 }, 50, 50, 350 - 20, 260 - 10, async (i) => frames[i]!);

  it('is found to run down the columns when the tiles meet that way', async () => {
    expect(await judge(framesOf(picture, 50, true))).toBe('columns');
  });

  it('stays along the rows (the standard’s order) when they meet that way', async () => {
    expect(await judge(framesOf(picture, 50, false))).toBe('rows');
  });

  it('stays along the rows when the pictures cannot tell (blank, no padded edge)', async () => {
    const blank = framesOf(filledRgb(350, 300), 50, true);
    expect(
      await likelyFrameOrder({ across: 7, down: 6 }, 50, 50, 350, 300, async (i) => blank[i]!),
    ).toBe('rows');
  });
});
