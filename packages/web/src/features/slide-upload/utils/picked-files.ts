import type { PickedFile } from './folder-scan';

/**
 * The files a doctor chose, with their paths relative to what was chosen: from a file or folder
 * input (`webkitRelativePath`, set for a folder), or from a drag and drop, whose folders are
 * walked through the entries API (a dropped folder's files are not in `dataTransfer.files`).
 */

export interface InputFile {
  name: string;
  webkitRelativePath?: string;
}

export function pickedFromList<F extends InputFile>(files: Iterable<F>): PickedFile<F & File>[] {
  return [...files].map((file) => ({
    path: file.webkitRelativePath || file.name,
    file: file as F & File,
  }));
}

/** The parts of the File and Directory Entries API that are read here. */
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?: (ok: (file: File) => void, fail: (error: unknown) => void) => void;
  createReader?: () => {
    readEntries: (ok: (entries: EntryLike[]) => void, fail: (error: unknown) => void) => void;
  };
}

async function readAll(dir: EntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader?.();
  if (!reader) {
    return [];
  }
  const all: EntryLike[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) {
      return all;
    }
    all.push(...batch);
  }
}

/** Every file under the dropped entries, with paths from the dropped item down. */
export async function pickedFromEntries(
  entries: readonly EntryLike[],
): Promise<{ picked: PickedFile[]; folder: boolean }> {
  const picked: PickedFile[] = [];
  let folder = false;
  const walk = async (entry: EntryLike, prefix: string): Promise<void> => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile && entry.file) {
      const read = entry.file;
      picked.push({ path, file: await new Promise<File>((ok, fail) => read(ok, fail)) });
    } else if (entry.isDirectory) {
      folder = true;
      for (const child of await readAll(entry)) {
        await walk(child, path);
      }
    }
  };
  for (const entry of entries) {
    await walk(entry, '');
  }
  return { picked, folder };
}
