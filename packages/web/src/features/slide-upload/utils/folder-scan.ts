import { extensionOf, storedPathOf } from '@pathconsult/shared';

/**
 * Which slide documents a set of chosen files holds (spec §5 "Slide upload"). Files come with
 * their path relative to what was chosen: `webkitRelativePath` of a folder input, the entry path
 * of a drag and drop, or just the name of a file chosen on its own. A slide is either a file of a
 * supported type, or an MRXS slide: `NAME.mrxs` with, beside it, a folder `NAME` holding
 * `Slidedat.ini` and the data files, or a DICOM slide of several files: the .dcm files of a
 * chosen folder that share a series. Generic over the file type so that tests use plain objects.
 */

export interface FileLike {
  name: string;
  size: number;
  lastModified: number;
}

export interface PickedFile<F extends FileLike = File> {
  /** Path relative to what was chosen, '/'-separated; the name for a file chosen on its own. */
  path: string;
  file: F;
}

/** One slide found: its main file and every file of it, with the paths declared to the server. */
export interface ScannedDocument<F extends FileLike = File> {
  strFileName: string;
  lSize: number;
  lLastModified: number;
  /** strFilePath → file; the main file's path is its name. */
  files: { strFilePath: string; file: F }[];
  /** A folder slide (MRXS): its files are declared to the server one by one. */
  bFolder: boolean;
}

export type ScanProblemCode =
  | 'SLIDE_TYPE_UNSUPPORTED'
  | 'SLIDE_TYPE_NEEDS_OPENSLIDE'
  | 'SLIDE_LAYOUT_INVALID'
  | 'mrxsDataOnly'
  // Found by reading the first bytes (upload-checks' sniffDocument), not by the scan itself.
  | 'SLIDE_CONTENT_MISMATCH';

export interface ScanProblem {
  name: string;
  code: ScanProblemCode;
  /** The slide type the refusal is about, where the name does not end in it (a data folder). */
  type?: string;
}

export interface ScanResult<F extends FileLike = File> {
  documents: ScannedDocument<F>[];
  problems: ScanProblem[];
  /**
   * Paths of the files of a chosen folder left out as not slides (reports, photos), so that the
   * user learns what was not sent; the system's own files (.DS_Store, Thumbs.db) are not listed.
   */
  skipped: string[];
}

/** Files that operating systems leave in folders, never meant by the user. */
function isSystemFile(name: string): boolean {
  return name.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(name);
}

/** The data file every MRXS folder holds (and the server requires). */
export const MRXS_INDEX = 'Slidedat.ini';

/** Types whose main file needs its folder of data files. */
const FOLDER_TYPES = new Set(['mrxs']);

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/**
 * Finds the slides among `picked`. `strict` is for files chosen one by one: each must be a slide
 * (an unsupported type is a problem). A chosen folder is scanned leniently: other files are
 * left out (and listed as skipped), and the caller shows the folder error when nothing was found.
 * A vendor type this server cannot read yet (`unreadable`: OpenSlide is not installed) is a problem
 * in both, whose message says how to enable it: skipped silently, the slide would seem lost.
 */
export function scanPicked<F extends FileLike>(
  picked: readonly PickedFile<F>[],
  types: readonly string[],
  strict: boolean,
  /** The DICOM series of files in a chosen folder (readSeriesUids), by path. */
  series: ReadonlyMap<string, string> = new Map(),
  unreadable: readonly string[] = [],
): ScanResult<F> {
  const supported = new Set(types.map((t) => t.toLowerCase()));
  const needsOpenSlide = new Set(unreadable.map((t) => t.toLowerCase()));
  const byDir = new Map<string, PickedFile<F>[]>();
  for (const entry of picked) {
    const dir = dirOf(entry.path);
    byDir.set(dir, [...(byDir.get(dir) ?? []), entry]);
  }
  // Folders that are MRXS data folders: their files are never slides of their own.
  const dataDirs = new Set(
    [...byDir.entries()]
      .filter(([, files]) => files.some((f) => baseOf(f.path) === MRXS_INDEX))
      .map(([dir]) => dir),
  );
  const insideDataDir = (path: string) => {
    for (let dir = dirOf(path); dir; dir = dirOf(dir)) {
      if (dataDirs.has(dir)) {
        return true;
      }
    }
    return false;
  };

  const documents: ScannedDocument<F>[] = [];
  const problems: ScanProblem[] = [];
  const skipped: string[] = [];
  const claimed = new Set<string>();
  const inSeries = new Set<string>();
  if (supported.has('dcm')) {
    for (const group of dicomSeries(picked, series, insideDataDir)) {
      group.entries.forEach((e) => inSeries.add(e.path));
      const doc = seriesDocument(group.name, group.entries);
      if (doc) {
        documents.push(doc);
      } else {
        problems.push({ name: group.name, code: 'SLIDE_LAYOUT_INVALID' });
      }
    }
  }
  for (const entry of picked) {
    if (insideDataDir(entry.path) || inSeries.has(entry.path)) {
      continue;
    }
    const name = entry.file.name;
    const type = extensionOf(name);
    if (!supported.has(type)) {
      if (needsOpenSlide.has(type)) {
        problems.push({ name, code: 'SLIDE_TYPE_NEEDS_OPENSLIDE' });
        // Its data folder is this refusal's too (not "half a slide" as well).
        claimed.add(join(dirOf(entry.path), name.slice(0, name.length - type.length - 1)));
      } else if (strict) {
        problems.push({ name, code: 'SLIDE_TYPE_UNSUPPORTED' });
      } else if (!isSystemFile(name)) {
        skipped.push(entry.path);
      }
      continue;
    }
    if (!FOLDER_TYPES.has(type)) {
      documents.push({
        strFileName: name,
        lSize: entry.file.size,
        lLastModified: entry.file.lastModified,
        files: [{ strFilePath: name, file: entry.file }],
        bFolder: false,
      });
      continue;
    }
    // Its folder is accounted for either way: a broken one is reported once, as this file.
    claimed.add(join(dirOf(entry.path), name.slice(0, name.length - type.length - 1)));
    const folder = mrxsDocument(entry, byDir);
    if (folder) {
      documents.push(folder);
    } else {
      problems.push({ name, code: 'SLIDE_LAYOUT_INVALID' });
    }
  }
  // A data folder with no .mrxs beside it is half a slide: most often the data folder itself was
  // chosen (it holds Slidedat.ini, as spec §5 puts it), so the refusal says what to choose.
  for (const dir of dataDirs) {
    if (!claimed.has(dir)) {
      if (needsOpenSlide.has('mrxs')) {
        // Choosing its .mrxs as well would not help: this server cannot read MRXS yet.
        problems.push({
          name: baseOf(dir) || MRXS_INDEX,
          code: 'SLIDE_TYPE_NEEDS_OPENSLIDE',
          type: 'mrxs',
        });
        continue;
      }
      // Its files chosen loose (no folder to name): the general layout refusal.
      problems.push(
        baseOf(dir)
          ? { name: baseOf(dir), code: 'mrxsDataOnly' }
          : { name: MRXS_INDEX, code: 'SLIDE_LAYOUT_INVALID' },
      );
    }
  }
  return { documents, problems, skipped };
}

/** `NAME.mrxs` with its sibling folder `NAME` holding Slidedat.ini, or null. */
function mrxsDocument<F extends FileLike>(
  main: PickedFile<F>,
  byDir: Map<string, PickedFile<F>[]>,
): ScannedDocument<F> | null {
  const name = main.file.name;
  const base = name.slice(0, name.length - extensionOf(name).length - 1);
  const inner = byDir.get(join(dirOf(main.path), base)) ?? [];
  if (!inner.some((f) => baseOf(f.path) === MRXS_INDEX)) {
    return null;
  }
  const files = [{ strFilePath: name, file: main.file }];
  const seen = new Set<string>();
  for (const f of inner) {
    // What the computer left there (.DS_Store of a Mac, Thumbs.db of Windows) is no part of the
    // slide: sent, it cost quota; refused, it cost the whole slide.
    if (isSystemFile(baseOf(f.path))) {
      continue;
    }
    const strFilePath = `${base}/${baseOf(f.path)}`;
    // The server accepts only the scanner's plain names inside the folder, and no two that
    // differ only in capitals (one file on Windows and macOS disks).
    const folded = strFilePath.toLowerCase();
    if (storedPathOf(name, strFilePath) === null || seen.has(folded)) {
      return null;
    }
    seen.add(folded);
    files.push({ strFilePath, file: f.file });
  }
  return {
    strFileName: name,
    lSize: files.reduce((sum, f) => sum + f.file.size, 0),
    lLastModified: main.file.lastModified,
    files,
    bFolder: true,
  };
}

/**
 * The multi-file DICOM slides among the files of chosen folders: the .dcm files of one folder
 * that share a series (two or more), each group named after its folder (`FOLDER.dcm`; a second
 * series in the same folder `FOLDER-2.dcm`). Files of a folder that share no series with another
 * stay slides of their own.
 */
function dicomSeries<F extends FileLike>(
  picked: readonly PickedFile<F>[],
  series: ReadonlyMap<string, string>,
  insideDataDir: (path: string) => boolean,
): { name: string; entries: PickedFile<F>[] }[] {
  const groups = new Map<string, PickedFile<F>[]>();
  for (const entry of picked) {
    const uid = series.get(entry.path);
    const dir = dirOf(entry.path);
    if (uid && dir && extensionOf(entry.file.name) === 'dcm' && !insideDataDir(entry.path)) {
      const key = `${dir}\u0000${uid}`;
      groups.set(key, [...(groups.get(key) ?? []), entry]);
    }
  }
  const perDir = new Map<string, number>();
  const found: { name: string; entries: PickedFile<F>[] }[] = [];
  for (const entries of groups.values()) {
    if (entries.length < 2) {
      continue;
    }
    const dir = dirOf(entries[0]!.path);
    const count = (perDir.get(dir) ?? 0) + 1;
    perDir.set(dir, count);
    const base = baseOf(dir);
    found.push({ name: count === 1 ? `${base}.dcm` : `${base}-${count}.dcm`, entries });
  }
  return found;
}

/**
 * One multi-file DICOM slide: `NAME.dcm` whose instances are declared as `NAME/<file>`, the
 * largest first (the base level: the server checks the first file's content), or null when a
 * name is not one the server accepts.
 */
function seriesDocument<F extends FileLike>(
  name: string,
  entries: readonly PickedFile<F>[],
): ScannedDocument<F> | null {
  const base = name.slice(0, -'.dcm'.length);
  const sorted = [...entries].sort(
    (a, b) => b.file.size - a.file.size || a.file.name.localeCompare(b.file.name),
  );
  const files = sorted.map((e) => ({ strFilePath: `${base}/${e.file.name}`, file: e.file }));
  const folded = new Set(files.map((f) => f.strFilePath.toLowerCase()));
  if (folded.size < files.length || files.some((f) => storedPathOf(name, f.strFilePath) === null)) {
    return null;
  }
  return {
    strFileName: name,
    lSize: files.reduce((sum, f) => sum + f.file.size, 0),
    lLastModified: sorted[0]!.file.lastModified,
    files,
    bFolder: true,
  };
}
