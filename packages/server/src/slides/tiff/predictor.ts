/**
 * Undoes TIFF predictor 2 (horizontal differencing) in place on 8-bit samples: each sample was
 * stored as the difference from the same sample of the pixel to its left.
 */
export function undoHorizontalPredictor(
  data: Buffer,
  width: number,
  rows: number,
  samplesPerPixel: number,
): void {
  const rowBytes = width * samplesPerPixel;
  for (let row = 0; row < rows; row++) {
    const start = row * rowBytes;
    const end = start + rowBytes;
    for (let i = start + samplesPerPixel; i < end; i++) {
      data[i] = ((data[i] ?? 0) + (data[i - samplesPerPixel] ?? 0)) & 0xff;
    }
  }
}
