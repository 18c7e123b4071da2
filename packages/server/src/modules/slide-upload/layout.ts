import {
  SLIDE_TYPES,
  extensionOf,
  slideTypesLabel,
  storedPathOf,
  type UploadFileInput,
} from '@pathconsult/shared';
import { AppError } from '../../lib/app-error';

export interface PlannedFile {
  relativePath: string;
  storedPath: string;
  size: number;
}

export interface PlannedDocument {
  name: string;
  type: string;
  totalBytes: number;
  files: PlannedFile[];
}

/** Types whose main file needs a folder of data files next to it (MRXS: Slidedat.ini...). */
const FOLDER_TYPES: Record<string, string> = { mrxs: 'Slidedat.ini' };

/**
 * Types a slide of which may be several files of equal standing, all in its folder and none
 * named after the slide: a DICOM series (`NAME.dcm` declared as `NAME/<instance>` files). The
 * first declared file is the main one (the client puts the largest, the base level, first).
 */
const SERIES_TYPES = new Set(['dcm']);

/**
 * The files of one document to upload, each with its generated stored path, or a refusal: an
 * unsupported type, or a layout that is not "one file", "NAME.mrxs + NAME/<files>" or, for
 * DICOM, "NAME/<instances>" (a series). The unsupported-type refusal lists `readable`: the
 * types this server reads now (without OpenSlide, not the vendor ones), as the picker does.
 */
export function planDocument(
  input: UploadFileInput,
  readable: readonly string[] = Object.keys(SLIDE_TYPES),
): PlannedDocument {
  const name = input.strFileName;
  const type = extensionOf(name);
  if (!(type in SLIDE_TYPES)) {
    throw new AppError('SLIDE_TYPE_UNSUPPORTED', { types: slideTypesLabel(readable) });
  }
  const declared = input.listFileSliceInfo ?? [{ strFilePath: name, lSize: input.lSize }];
  const invalid = () => new AppError('SLIDE_LAYOUT_INVALID', { name });
  const files: PlannedFile[] = [];
  // Compared without capitals: "Slidedat.ini" and "slidedat.ini" are one file on the disks of
  // Windows and macOS, where the slide would be copied back.
  const seen = new Set<string>();
  for (const file of declared) {
    const storedPath = storedPathOf(name, file.strFilePath);
    if (storedPath === null || seen.has(storedPath.toLowerCase())) {
      throw invalid();
    }
    seen.add(storedPath.toLowerCase());
    files.push({ relativePath: file.strFilePath, storedPath, size: file.lSize });
  }
  const series = SERIES_TYPES.has(type) && files.every((f) => f.storedPath.startsWith('slide/'));
  const main = series ? files[0] : files.find((f) => f.relativePath === name);
  const needed = FOLDER_TYPES[type];
  if (
    !main ||
    main.size === 0 ||
    (needed !== undefined && !files.some((f) => f.storedPath === `slide/${needed}`)) ||
    (needed === undefined && !series && files.length > 1)
  ) {
    throw invalid();
  }
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  if (totalBytes !== input.lSize) {
    throw invalid();
  }
  // The main file first: its first chunk is where the content check happens.
  files.sort((a, b) => (a === main ? -1 : b === main ? 1 : 0));
  return { name, type, totalBytes, files };
}
