import { SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES } from '@pathconsult/shared';

/** What is wrong with a picked file before it is cropped: not a PNG, or over 100 KB. */
export type SignatureFileProblem = 'format' | 'size' | null;

/**
 * The checks of spec §5 on a picked file, before any work: PNG only (by type, or by name when the
 * browser gives no type) and at most 100 KB. The server checks the saved image again.
 */
export function signatureFileProblem(file: {
  type: string;
  name: string;
  size: number;
}): SignatureFileProblem {
  const png = file.type === 'image/png' || (file.type === '' && /\.png$/i.test(file.name));
  if (!png) {
    return 'format';
  }
  return file.size > SIGNATURE_MAX_BYTES ? 'size' : null;
}

/** Bytes of the PNG inside a base64 data URL, without decoding it. */
export function dataUrlByteLength(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Whether a data URL is a PNG small enough to save. */
export function signatureDataUrlProblem(dataUrl: string): SignatureFileProblem {
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) {
    return 'format';
  }
  return dataUrlByteLength(dataUrl) > SIGNATURE_MAX_BYTES ? 'size' : null;
}
