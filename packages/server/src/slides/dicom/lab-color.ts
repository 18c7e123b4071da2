/**
 * DICOM's Recommended Absent Pixel CIELab Value (PS3.3 C.8.12.4.1.7: L* scaled 0..0xFFFF to 0..100,
 * a* and b* scaled 0..0xFFFF to −128..127) as an sRGB hex colour (D65 white point).
 */
export function dicomLabToHex(values: number[]): string | null {
  if (values.length !== 3) {
    return null;
  }
  const L = (values[0]! / 0xffff) * 100;
  const a = (values[1]! / 0xffff) * 255 - 128;
  const b = (values[2]! / 0xffff) * 255 - 128;
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const inv = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));
  const X = 0.95047 * inv(fx);
  const Y = 1.0 * inv(fy);
  const Z = 1.08883 * inv(fz);
  const linear = [
    3.2404542 * X - 1.5371385 * Y - 0.4985314 * Z,
    -0.969266 * X + 1.8760108 * Y + 0.041556 * Z,
    0.0556434 * X - 0.2040259 * Y + 1.0572252 * Z,
  ];
  return linear
    .map((c) => {
      const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
      const byte = Math.round(Math.min(1, Math.max(0, v)) * 255);
      return byte.toString(16).padStart(2, '0');
    })
    .join('');
}
