import {
  SLIDE_MAX_BYTES,
  SNIFF_BYTES,
  UploadType,
  contentMatchesType,
  extensionOf,
  isSafeFileName,
} from '@pathconsult/shared';
import type { FileLike, ScanProblem, ScanResult, ScannedDocument } from './folder-scan';
import { resumableItem, sameTarget, statusOf, type QueueItem, type UploadTarget } from './queue';

/**
 * The checks of spec §5 "Slide upload" made before anything is sent, so that the doctor hears
 * at once what the server would refuse: the type, the name (already uploaded for the case, or
 * already queued for the same pathology number), a single upload taking one file, and the
 * content (a file renamed to .svs is not a slide). The server checks all of it again.
 */

/** Why a chosen file is not queued: a server text key (shared messages) or one of the upload screen's. */
export const REFUSAL_CODES = [
  'SLIDE_TYPE_UNSUPPORTED',
  'SLIDE_TYPE_NEEDS_OPENSLIDE',
  'SLIDE_LAYOUT_INVALID',
  'SLIDE_NAME_EXISTS',
  'SLIDE_NAME_FAILED',
  'SLIDE_CONTENT_MISMATCH',
  'validation.slideTooLarge',
  'validation.fileName',
  'singleOnly',
  'singleQueued',
  'emptyFile',
  'noSlideFolder',
  'emptyFolder',
  'mrxsDataOnly',
  'inQueue',
  'chosenTwice',
  'otherFileOfPaused',
  'otherFileOfUnfinished',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export interface Refusal {
  name: string;
  code: RefusalCode;
  /** The slide type it is about, where the name does not end in it (ScanProblem). */
  type?: string;
  /** `chosenTwice`: the chosen file taken under this name, where it is spelt otherwise. */
  first?: string;
}

/**
 * An upload of the case (or number) begun and not finished, as its slide list shows it: begun in
 * another browser or on another computer, or in this one before its queue was cleared. Choosing
 * its file continues it from what the server holds.
 */
export interface UnfinishedUpload {
  iSlideDocumentId: number;
  /** Its name now and as uploaded (a rename keeps the original). */
  names: string[];
  /** The name it was uploaded under: its file's, exactly (the server keeps the files by it). */
  strOriginalName: string;
  lSize: number;
  lProgress: number;
  iFileCount: number;
  iUploadUserId: number;
  /** No chunk came for minutes (no queue sends it); false while one may still be sending it. */
  bStalled?: boolean;
}

export interface CheckContext {
  target: UploadTarget;
  /** A single upload (iUploadType 0) takes exactly one slide. */
  single: boolean;
  /** Names of the case's slides that block the same name (uploaded or failed, not unfinished). */
  uploadedNames: readonly string[];
  /**
   * Those of them whose slide failed: the refusal says it failed and must be deleted first
   * ("uploaded or uploading" sent the doctor looking for a slide that is not there).
   */
  failedNames?: readonly string[];
  /** The case's (or number's) unfinished uploads; with the signed-in user, to continue one's own. */
  unfinished?: readonly UnfinishedUpload[];
  iUserId?: number | null;
  queue: readonly QueueItem[];
  /**
   * Finished items of the queue whose slide no longer holds the name they were uploaded under
   * (deleted or renamed since, or moved to another number): their name is free again.
   */
  released?: ReadonlySet<number>;
}

export interface CheckResult<F extends FileLike = File> {
  /** New documents to queue. */
  accepted: ScannedDocument<F>[];
  /** Documents that give an unfinished item (restored after a reload) its files back. */
  resumed: { doc: ScannedDocument<F>; item: QueueItem }[];
  /** New documents that continue an unfinished upload this queue does not hold. */
  continuing: { doc: ScannedDocument<F>; begun: UnfinishedUpload }[];
  refused: Refusal[];
}

const lower = (name: string) => name.toLowerCase();

/** Refusals of a name itself, whichever file bears it: they hold for its other files too. */
const NAME_REFUSALS: ReadonlySet<RefusalCode> = new Set<RefusalCode>([
  'SLIDE_NAME_EXISTS',
  'SLIDE_NAME_FAILED',
  'inQueue',
  'singleQueued',
  'validation.fileName',
]);

const sameRefusal = (a: Refusal, b: Refusal) =>
  a.name === b.name && a.code === b.code && a.first === b.first;

export function checkDocuments<F extends FileLike>(
  scan: ScanResult<F>,
  context: CheckContext,
): CheckResult<F> {
  const result: CheckResult<F> = { accepted: [], resumed: [], continuing: [], refused: [] };
  for (const problem of scan.problems) {
    result.refused.push({ ...problem });
  }
  if (context.single && scan.documents.length + scan.problems.length > 1) {
    return {
      accepted: [],
      resumed: [],
      continuing: [],
      refused: [{ name: '', code: 'singleOnly' }],
    };
  }
  const uploaded = new Set(context.uploadedNames.map(lower));
  const failed = new Set((context.failedNames ?? []).map(lower));
  const queued = new Set(
    context.queue.filter((item) => holdsName(item, context)).map((item) => lower(item.strFileName)),
  );
  // A single upload already waiting or under way for this case: a second one is a second slide.
  const singlePending =
    context.single &&
    context.queue.some(
      (item) =>
        statusOf(item) === 0 &&
        item.iUploadType === UploadType.Single &&
        sameTarget(item.target, context.target),
    );
  // Per name chosen (capitals aside): the first file's spelling, and its refusal if it had one.
  const picked = new Map<string, { name: string; refusal: Refusal | undefined }>();
  for (const doc of scan.documents) {
    const name = doc.strFileName;
    const key = lower(name);
    const refuse = (code: RefusalCode) => result.refused.push({ name, code });
    const first = picked.get(key);
    // A first file taken, or refused for its name, settles the name for the files after it. One
    // refused for itself (empty, too large, not the paused upload's file) does not: the next
    // may be the right file, a paused "SMALL.svs" chosen after a stray "small.svs".
    if (first && (!first.refusal || NAME_REFUSALS.has(first.refusal.code))) {
      // "Only the first was added" is said only when it was; a first refused already named the
      // name with its reason, which holds for this one too. Another spelling ("SMALL.svs" after
      // "small.svs") is named itself: it went unmentioned, as if it had not been chosen. Each
      // said once (a third file of one spelling said it again).
      const said: Refusal | null = !first.refusal
        ? { name, code: 'chosenTwice', ...(first.name !== name ? { first: first.name } : {}) }
        : first.name !== name
          ? { ...first.refusal, name }
          : null;
      if (said && !result.refused.some((r) => sameRefusal(r, said))) {
        result.refused.push(said);
      }
      continue;
    }
    const refusedBefore = result.refused.length;
    const item = resumableItem(context.queue, context.target, doc);
    // Without the signed-in user nothing is taken as one's own: the server decides at Start.
    const begun = context.iUserId == null ? undefined : unfinishedOf(context, key);
    if (item && !sameFiles(item, doc)) {
      // Same name, size and time but other files inside: not the slide that was being sent.
      refuse('otherFileOfPaused');
    } else if (item) {
      result.resumed.push({ doc, item });
    } else if (singlePending) {
      // One file was chosen: what stands in the way is the single slide already queued.
      refuse('singleQueued');
    } else if (!isSafeFileName(name)) {
      refuse('validation.fileName');
    } else if (doc.lSize === 0 || mainFileOf(doc)?.file.size === 0) {
      refuse('emptyFile');
    } else if (doc.lSize > SLIDE_MAX_BYTES) {
      refuse('validation.slideTooLarge');
    } else if (failed.has(key)) {
      refuse('SLIDE_NAME_FAILED');
    } else if (uploaded.has(key)) {
      refuse('SLIDE_NAME_EXISTS');
    } else if (queued.has(key)) {
      // Waiting, under way or paused in this queue: "uploaded or uploading" was wrong for the
      // first, and for a paused one the way on is its own file (a fresh copy has another time).
      const held = queuedItem(context, key);
      if (!held || statusOf(held) === 1) {
        refuse('SLIDE_NAME_EXISTS'); // Uploaded from this queue.
      } else {
        refuse(held.bNeedsFiles || held.state === 'paused' ? 'otherFileOfPaused' : 'inQueue');
      }
    } else if (begun) {
      const refusal = continuationRefusal(context, begun, doc);
      if (refusal) {
        refuse(refusal);
      } else {
        result.continuing.push({ doc, begun });
      }
    } else {
      result.accepted.push(doc);
    }
    picked.set(key, {
      name,
      refusal: result.refused.length > refusedBefore ? result.refused.at(-1) : undefined,
    });
  }
  return result;
}

/** The queue's item of this name for the same case or number that still holds it, if any. */
function queuedItem(context: CheckContext, key: string): QueueItem | undefined {
  return context.queue.find((item) => holdsName(item, context) && lower(item.strFileName) === key);
}

/**
 * Whether a queue item keeps its name taken for the case or number chosen for: not one that
 * failed, nor a finished one whose slide was deleted or renamed since (the finished list says
 * "deleted", and the name was refused until that list was cleared).
 */
function holdsName(item: QueueItem, context: CheckContext): boolean {
  return (
    item.state !== 'failed' &&
    sameTarget(item.target, context.target) &&
    !(statusOf(item) === 1 && context.released?.has(item.iFileId))
  );
}

/** The case's unfinished upload of this name (lower case), if any. */
function unfinishedOf(context: CheckContext, key: string): UnfinishedUpload | undefined {
  return context.unfinished?.find((slide) => slide.names.some((name) => lower(name) === key));
}

/**
 * Why a file chosen for an unfinished upload this queue does not hold cannot continue it: a
 * colleague's upload (the server refuses the name), one this queue holds under another name
 * (renamed since), or another file (size or files inside differ). Null when it may: the chunks
 * the server holds are compared with the file before the rest is sent (held-chunks.ts), so a copy
 * of the file on another computer, with another modification time, continues where the first
 * stopped. One another browser may still be sending is continued too: a doctor who closed the
 * laptop and sat down at another computer must not wait minutes until the server calls it
 * stalled, and chunks sent twice are stored once (the server compares them).
 */
function continuationRefusal(
  context: CheckContext,
  begun: UnfinishedUpload,
  doc: ScannedDocument<FileLike>,
): RefusalCode | null {
  if (begun.iUploadUserId !== context.iUserId) {
    return 'SLIDE_NAME_EXISTS';
  }
  const queued = context.queue.find(
    (item) => item.iSlideDocumentId === begun.iSlideDocumentId && statusOf(item) === 0,
  );
  if (queued) {
    return queued.bNeedsFiles || queued.state === 'paused' ? 'otherFileOfPaused' : 'inQueue';
  }
  // Its own file is named as it was uploaded, letter for letter: the server keeps the files by
  // that name (a renamed slide's new name, or other capitals, are another file's).
  if (
    doc.strFileName !== begun.strOriginalName ||
    begun.lSize !== doc.lSize ||
    begun.iFileCount !== doc.files.length
  ) {
    return 'otherFileOfUnfinished';
  }
  return null;
}

/** Whether a chosen document has exactly the files an unfinished item declared. */
function sameFiles(item: QueueItem, doc: ScannedDocument<FileLike>): boolean {
  const declared = item.listFileSliceInfo ?? [{ strFilePath: item.strFileName, lSize: item.lSize }];
  if (declared.length !== doc.files.length) {
    return false;
  }
  const sizes = new Map(doc.files.map((f) => [f.strFilePath, f.file.size]));
  return declared.every((f) => sizes.get(f.strFilePath) === f.lSize);
}

/** Reads the first bytes of a file (a Blob's slice in the browser). */
export type HeadReader<F> = (file: F, bytes: number) => Promise<Uint8Array>;

/**
 * The file a slide is read from: the one of its own name (an MRXS slide's `.mrxs`, beside its
 * data folder); a multi-file DICOM slide has none, so its first (largest) file.
 */
function mainFileOf<F extends FileLike>(doc: ScannedDocument<F>) {
  return (
    doc.files.find((f) => f.strFilePath === doc.strFileName) ??
    (doc.bFolder && extensionOf(doc.strFileName) === 'dcm' ? doc.files[0] : undefined)
  );
}

/**
 * Whether the main file's first bytes are what its extension says; a refusal (content mismatch)
 * when not. Only the main file is sniffed: the data files of a folder slide have no signature.
 */
export async function sniffDocument<F extends FileLike>(
  doc: ScannedDocument<F>,
  readHead: HeadReader<F>,
): Promise<ScanProblem | null> {
  const main = mainFileOf(doc);
  if (!main) {
    return { name: doc.strFileName, code: 'SLIDE_LAYOUT_INVALID' };
  }
  if (main.file.size === 0) {
    // No content to be of the wrong type: the checks say the file is empty.
    return null;
  }
  const head = await readHead(main.file, SNIFF_BYTES);
  return contentMatchesType(extensionOf(doc.strFileName), head)
    ? null
    : { name: doc.strFileName, code: 'SLIDE_CONTENT_MISMATCH' };
}

/**
 * Start needs used storage below the total (spec §5), else the capacity error: compared in bytes
 * (the GB figures are rounded to about a megabyte, and said "used up" with space left). Whether one
 * slide still fits is the server's to say when it reserves the storage.
 */
export function capacityUsedUp(usage: { lUsedBytes: number; lTotalBytes: number }): boolean {
  return usage.lUsedBytes >= usage.lTotalBytes;
}

/**
 * What the queue has still to send against the storage left, when it is more (else null): found
 * at Start, so that the doctor knows before the slides that do not fit stop one by one. Slides
 * already registered hold their whole size reserved on the server (counted in the used figure),
 * so only what was never registered (nothing sent yet) counts as still to come; a slide restored
 * after a reload whose file is not chosen again does not go, and does not count.
 */
export function storageShortfall(
  items: readonly StorageItem[],
  usage: { lUsedBytes: number; lTotalBytes: number },
): { toSend: number; left: number } | null {
  const toSend = items.filter(isToRegister).reduce((sum, item) => sum + item.lSize, 0);
  const left = Math.max(0, usage.lTotalBytes - usage.lUsedBytes);
  return toSend > left ? { toSend, left } : null;
}

type StorageItem = Pick<
  QueueItem,
  'iFileId' | 'lSize' | 'iSlideDocumentId' | 'state' | 'bNeedsFiles'
>;

/** A slide of the queue that will go and holds no storage yet (never registered). */
function isToRegister(item: StorageItem): boolean {
  return item.iSlideDocumentId === null && !item.bNeedsFiles && statusOf(item) === 0;
}

/**
 * What storageShortfall's figures depend on, as a key to ask for them again: the slides still to
 * register, and how many hold storage (one registered or cancelled moves the used figure). ''
 * when nothing is to register: no shortfall is possible.
 */
export function storageCheckKey(items: readonly StorageItem[]): string {
  const toRegister = items.filter(isToRegister).map((item) => item.iFileId);
  if (toRegister.length === 0) {
    return '';
  }
  const holding = items.filter((item) => item.iSlideDocumentId !== null).length;
  return `${toRegister.join(',')}|${holding}`;
}

/** The slides still to register, as a key: a closed shortfall warning stays closed while it holds. */
export function toRegisterKey(items: readonly StorageItem[]): string {
  return items
    .filter(isToRegister)
    .map((item) => item.iFileId)
    .join(',');
}
