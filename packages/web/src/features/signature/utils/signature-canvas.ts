import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '@pathconsult/shared';

/**
 * Draws a cropped picture onto a 265×150 canvas and exports it as a PNG data URL: whatever the
 * size of the crop, the saved signature has exactly the box of spec §5. Transparency is kept.
 */
export async function toSignaturePng(picture: Blob): Promise<string> {
  const bitmap = await createImageBitmap(picture);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = SIGNATURE_WIDTH;
    canvas.height = SIGNATURE_HEIGHT;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no 2d canvas');
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    return canvas.toDataURL('image/png');
  } finally {
    bitmap.close();
  }
}
