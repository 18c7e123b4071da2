import { SlideUploadState, slideTypesLabel, type SlideDocumentDto } from '@pathconsult/shared';

/** A stored thumbnail as an image address (a data URL, or bare base64 JPEG). */
export function thumbnailSrc(base64: string | null): string | null {
  if (!base64) {
    return null;
  }
  return base64.startsWith('data:') ? base64 : `data:image/jpeg;base64,${base64}`;
}

/** Full-resolution size in pixels ("2220 × 2967"), once the slide engine has read the slide. */
export function slidePixelSize(slide: Pick<SlideDocumentDto, 'iWidth' | 'iHeight'>): string | null {
  return slide.iWidth && slide.iHeight ? `${slide.iWidth} × ${slide.iHeight}` : null;
}

/** Micrometres per pixel ("0.499 µm/px"; "0.25 × 0.26 µm/px" when they differ), when known. */
export function slideMppText(slide: Pick<SlideDocumentDto, 'dMppX' | 'dMppY'>): string | null {
  const round = (v: number) => String(Number(v.toFixed(4)));
  const { dMppX: x, dMppY: y } = slide;
  if (!x || !y) {
    return null;
  }
  return round(x) === round(y) ? `${round(x)} µm/px` : `${round(x)} × ${round(y)} µm/px`;
}

/** Whether the slide viewer can open the slide: uploaded, and read by the slide engine. */
export function isViewable(slide: Pick<SlideDocumentDto, 'ddUploadState' | 'iWidth'>): boolean {
  return slide.ddUploadState.iNumber === SlideUploadState.Uploaded && !!slide.iWidth;
}

/** Format and objective power, shown under the size: "SVS · 20×" ("MRXS" for TD). */
export function formatAndPower(
  slide: Pick<SlideDocumentDto, 'strFileType' | 'dObjectiveMagnification'>,
): string {
  const type = slideTypesLabel([slide.strFileType]);
  return slide.dObjectiveMagnification ? `${type} · ${slide.dObjectiveMagnification}×` : type;
}
