import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';
import { extractText } from 'unpdf';

/*
 * Reading a generated PDF back as a reader's software would, for tests: its text (through the
 * fonts' Unicode maps, so a glyph printed without one would be missing here) and its pictures.
 */

/** Every page's text, in page order. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text;
}

/** Each page's text, in page order. */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text;
}

/** Text without any white space: line breaks fall anywhere in a wrapped value. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');

export interface PdfImage {
  width: number;
  height: number;
}

/** The image XObjects the pages draw, each picture once however many pages show it. */
export async function pdfImages(pdf: Uint8Array): Promise<PdfImage[]> {
  const doc = await PDFDocument.load(pdf);
  const seen = new Set<string>();
  const images: PdfImage[] = [];
  for (const page of doc.getPages()) {
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, value] of xobjects?.entries() ?? []) {
      const key = value instanceof PDFRef ? value.toString() : String(images.length);
      const stream = doc.context.lookup(value);
      if (seen.has(key) || !(stream instanceof PDFStream)) {
        continue;
      }
      seen.add(key);
      if (stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
        images.push({
          width: stream.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
          height: stream.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
        });
      }
    }
  }
  return images;
}

export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}
