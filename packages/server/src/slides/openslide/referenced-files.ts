import fs from 'node:fs/promises';
import path from 'node:path';
import { SlideOpenError } from '../slide-source';

/** An index file larger than this is no scanner's (Slidedat.ini and .vms files are a few kB). */
const MAX_INDEX_BYTES = 1024 * 1024;

/**
 * Keys whose value OpenSlide opens as a file beside the index: MRXS `Slidedat.ini`
 * (`[HIERARCHICAL] INDEXFILE`, `[DATAFILE] FILE_n`); Hamamatsu VMS/VMU (`ImageFile`,
 * `ImageFile(x,y)`, `MapFile`, `OptimisationFile`, `MacroImage`).
 */
const FILE_KEYS: Record<string, RegExp> = {
  mrxs: /^(INDEXFILE|FILE_\d+)$/i,
  vms: /^(ImageFile(\(\d+,\d+\))?|MapFile|OptimisationFile|MacroImage)$/i,
  vmu: /^(ImageFile(\(\d+,\d+\))?|MapFile|OptimisationFile|MacroImage)$/i,
};

/** A plain file name: no folder, no way up, no drive. */
const isPlainName = (name: string) =>
  name !== '' && name !== '.' && name !== '..' && !/[/\\:\0]/.test(name);

/**
 * OpenSlide opens the files an MRXS or VMS/VMU index names, relative to the slide's folder. Those
 * names come from the uploaded file: a name that is a path ("../../other/Data0000.dat", "/etc/…")
 * would make it read a file outside the slide's own folder. Refused (DAMAGED) before OpenSlide
 * sees the slide. An index that cannot be read is left to OpenSlide, which refuses the slide.
 */
export async function checkReferencedFiles(mainPath: string, type: string): Promise<void> {
  const keys = FILE_KEYS[type];
  if (!keys) {
    return;
  }
  // MRXS: `slide.mrxs` and its folder `slide/` holding Slidedat.ini; VMS/VMU: the file itself.
  const index =
    type === 'mrxs'
      ? path.join(
          path.dirname(mainPath),
          path.basename(mainPath, path.extname(mainPath)),
          'Slidedat.ini',
        )
      : mainPath;
  let text: string;
  try {
    const stat = await fs.stat(index);
    if (stat.size > MAX_INDEX_BYTES) {
      throw new SlideOpenError('DAMAGED', `the slide's index file is ${stat.size} bytes`);
    }
    text = await fs.readFile(index, 'utf8');
  } catch (error) {
    if (error instanceof SlideOpenError) {
      throw error;
    }
    return;
  }
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([^=;#[\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && keys.test(match[1]!) && !isPlainName(match[2]!)) {
      throw new SlideOpenError(
        'DAMAGED',
        `the slide's index names a file outside its folder (${match[1]} = ${match[2]})`,
      );
    }
  }
}
