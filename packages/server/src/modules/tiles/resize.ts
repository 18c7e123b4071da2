import sharp from 'sharp';
import { downscaleRgb, type DownscaleFactor } from '../../slides/codec';
import type { RgbImage } from '../../slides/slide-source';

const BOX_FACTORS: readonly DownscaleFactor[] = [2, 4, 8];

/**
 * `img` scaled to exactly `width`×`height`: unchanged when it already is, the codec's box filter
 * for exact halvings (cheap, no pipeline overhead), else sharp's resampling.
 */
export async function resizeTo(img: RgbImage, width: number, height: number): Promise<RgbImage> {
  if (img.width === width && img.height === height) {
    return img;
  }
  const box = BOX_FACTORS.find(
    (k) => Math.ceil(img.width / k) === width && Math.ceil(img.height / k) === height,
  );
  if (box) {
    return downscaleRgb(img, box);
  }
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width, height, data };
}
