import { SLIDE_TYPES } from '@pathconsult/shared';
import { openDicomSlide } from './dicom/dicom-slide';
import { OPENSLIDE_MISSING_MESSAGE, isOpenSlideAvailable, openOpenSlide } from './openslide';
import { checkReferencedFiles } from './openslide/referenced-files';
import { SlideOpenError, type SlideSource } from './slide-source';
import { openTiffSlide } from './tiff';

/** The readers a slide may be opened with (replaced in tests to check which one is chosen). */
export interface SlideReaders {
  tiff(path: string): Promise<SlideSource>;
  dicom(paths: string[]): Promise<SlideSource>;
  openslide(path: string): Promise<SlideSource>;
  openslideAvailable(): boolean;
}

const READERS: SlideReaders = {
  tiff: openTiffSlide,
  dicom: openDicomSlide,
  openslide: openOpenSlide,
  openslideAvailable: isOpenSlideAvailable,
};

/** Read in TypeScript; OpenSlide takes over what the TIFF reader refuses as unsupported. */
const TIFF_TYPES = new Set(['svs', 'tif', 'tiff']);
/** Vendor formats only OpenSlide reads. */
const OPENSLIDE_TYPES = new Set(['ndpi', 'scn', 'bif', 'mrxs', 'vms', 'vmu']);

/** Whether slides of this type (a lower-case extension) can be read only with OpenSlide. */
export function needsOpenSlide(type: string): boolean {
  return OPENSLIDE_TYPES.has(type.toLowerCase());
}

/** The slide types (lower-case extensions) this server reads now: the vendor ones need OpenSlide. */
export function readableSlideTypes(withOpenSlide: boolean): string[] {
  return Object.keys(SLIDE_TYPES).filter((type) => withOpenSlide || !needsOpenSlide(type));
}

/**
 * Opens a stored slide with the reader of its type (the upload's lower-case extension, already
 * checked against the content): the TIFF family in TypeScript, falling back to OpenSlide for what
 * that reader refuses as unsupported (JPEG 2000 tiles, vendor TIFFs such as NDPI named .tif);
 * vendor formats with OpenSlide; DICOM in TypeScript with every file of the series (`allPaths`).
 * Refusals are SlideOpenError; a missing file throws the usual ENOENT error.
 */
export async function openSlideFile(
  mainPath: string,
  type: string,
  allPaths: string[] = [mainPath],
  readers: SlideReaders = READERS,
): Promise<SlideSource> {
  const kind = type.toLowerCase();
  if (TIFF_TYPES.has(kind)) {
    return openTiffFamily(mainPath, readers);
  }
  if (OPENSLIDE_TYPES.has(kind)) {
    if (!readers.openslideAvailable()) {
      throw new SlideOpenError('OPENSLIDE_MISSING', OPENSLIDE_MISSING_MESSAGE);
    }
    await checkReferencedFiles(mainPath, kind);
    return plainTiffAsItself(await readers.openslide(mainPath), mainPath, readers);
  }
  if (kind === 'dcm') {
    return readers.dicom(allPaths.length > 0 ? allPaths : [mainPath]);
  }
  throw new SlideOpenError('UNSUPPORTED_FORMAT', `slides of type "${type}" are not read`);
}

async function openTiffFamily(path: string, readers: SlideReaders): Promise<SlideSource> {
  try {
    return await readers.tiff(path);
  } catch (error) {
    if (!(error instanceof SlideOpenError) || error.reason !== 'UNSUPPORTED_FORMAT') {
      throw error;
    }
    if (!readers.openslideAvailable()) {
      throw new SlideOpenError(
        'OPENSLIDE_MISSING',
        `${error.message}; ${OPENSLIDE_MISSING_MESSAGE}`,
      );
    }
    try {
      return await readers.openslide(path);
    } catch (fallback) {
      if (!(fallback instanceof SlideOpenError)) {
        throw fallback;
      }
      // The TIFF reader's reason says more about the file than OpenSlide's "not recognised".
      throw new SlideOpenError(
        fallback.reason === 'NOT_A_SLIDE' ? error.reason : fallback.reason,
        `${error.message} (OpenSlide: ${fallback.message})`,
      );
    }
  }
}

/**
 * A plain tiled TIFF under a vendor's extension (OpenSlide's "generic-tiff": a TIFF exported and
 * named .ndpi, say) is read by the TIFF reader, as it is under .tif: OpenSlide 3.4 leaves out its
 * pixel size (the TIFF resolution tags), so the same bytes had no scale bar or measurements.
 */
async function plainTiffAsItself(
  source: SlideSource,
  path: string,
  readers: SlideReaders,
): Promise<SlideSource> {
  if (source.properties.vendor !== 'generic-tiff') {
    return source;
  }
  const tiff = await readers.tiff(path).catch(() => null);
  if (!tiff) {
    return source;
  }
  await source.close();
  return tiff;
}
