import dayjs from 'dayjs';
import {
  objectiveFromMpp,
  SlideUploadState,
  slideTypesLabel,
  type SlideDocumentDto,
} from '@pathconsult/shared';
import { formatBytes } from './format-bytes';

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

/**
 * Format and objective power, shown under the size: "SVS · 20×" ("MRXS" for TD). Without a
 * recorded power (generic TIFF, DICOM), the one its pixel size implies, which the viewer's
 * magnifications are told against, marked as estimated: "DCM · ≈20×".
 */
export function formatAndPower(
  slide: Pick<SlideDocumentDto, 'strFileType' | 'dObjectiveMagnification' | 'dMppX'>,
): string {
  const type = slideTypesLabel([slide.strFileType]);
  const recorded = slide.dObjectiveMagnification;
  if (recorded && recorded > 0) {
    return `${type} · ${recorded}×`;
  }
  const estimated = objectiveFromMpp(slide.dMppX ?? null);
  return estimated ? `${type} · ≈${estimated}×` : type;
}

/** A slide's upload or removal time to the minute ("2026-01-02 08:30"). */
export const slideTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

/** The facts a narrow slide table writes under a file name, each on a line of its own. */
export type SlideFact = 'size' | 'pixels' | 'uploaded';

/**
 * One fact as a narrow slide table writes it under the file name: size, format and power ("1.85 MB
 * · SVS · 20×"), pixel size and micrometres per pixel ("2220 × 2967 · 0.499 µm/px", null until the
 * slide engine has read the slide), upload time and uploader ("2026-01-02 08:30 · 李医生").
 */
export function slideFactText(
  slide: Pick<
    SlideDocumentDto,
    | 'lSize'
    | 'strFileType'
    | 'dObjectiveMagnification'
    | 'iWidth'
    | 'iHeight'
    | 'dMppX'
    | 'dMppY'
    | 'dtUploadTime'
    | 'strUploadUserName'
  >,
  fact: SlideFact,
): string | null {
  switch (fact) {
    case 'size':
      return `${formatBytes(slide.lSize)} · ${formatAndPower(slide)}`;
    case 'pixels': {
      const pixels = slidePixelSize(slide);
      return pixels && [pixels, slideMppText(slide)].filter(Boolean).join(' · ');
    }
    case 'uploaded':
      return `${slideTime(slide.dtUploadTime)} · ${slide.strUploadUserName}`;
  }
}
