import { sniffImageKind } from '@pathconsult/shared';

/*
 * Pictures go into the PDF as data URLs: pdfmake reads those itself, and a data URL can never
 * make it open a file or a network address. The kind is taken from the bytes, not from what the
 * caller claimed, so a mislabelled picture is embedded correctly or refused with a clear error.
 */

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,(.*)$/s;

function dataUrlOf(data: Uint8Array, what: string): string {
  // A Uint8Array that is not a Buffer (a copied one) would print its numbers, not base64.
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const kind = sniffImageKind(bytes.subarray(0, 8));
  if (!kind) {
    throw new Error(`${what} is neither PNG nor JPEG`);
  }
  return `data:image/${kind};base64,${bytes.toString('base64')}`;
}

/** The bytes of a data URL or of bare base64 text. */
function bytesOf(text: string): Buffer {
  const payload = DATA_URL.exec(text)?.[1] ?? text;
  return Buffer.from(payload.trim(), 'base64');
}

/** A screenshot's bytes as a data URL of the kind they are. */
export function screenshotDataUrl(data: Uint8Array): string {
  return dataUrlOf(data, 'A report screenshot');
}

/** The signature (PNG data URL or bare base64) as a data URL; null when there is none. */
export function signatureDataUrl(signature: string | null): string | null {
  return signature ? dataUrlOf(bytesOf(signature), 'The signature image') : null;
}

/** The header logo (a PNG or JPEG data URL checked when it was saved); null when none. */
export function logoDataUrl(logo: string | null): string | null {
  return logo ? dataUrlOf(bytesOf(logo), 'The report logo') : null;
}
