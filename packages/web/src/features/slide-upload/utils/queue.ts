import type { UploadTypeValue } from '@pathconsult/shared';
import type { ServerMessage } from '@/lib/server-message';

/**
 * The upload queue of spec §4 "Upload" as a pure state machine. An item goes
 * waiting → uploading → paused → … → uploaded | failed. Its status is 0 while it is not finished
 * (waiting, uploading, paused) and 1 once uploaded or failed, which moves it to the finished list;
 * it can be cancelled only while its status is 0. One start/stop button sets the `uploading` flag.
 * Anything else asked of an item in a state that does not allow it leaves the queue unchanged.
 */

export type ItemState = 'waiting' | 'uploading' | 'paused' | 'uploaded' | 'failed';

/** The case (or pathology number) a slide goes to. */
export interface UploadTarget {
  iPatientId: number | null;
  strDiagnosistNum: string;
  strPatientName: string;
}

/** One file of a document as declared to the server (folder slides have several). */
export interface DeclaredFile {
  strFilePath: string;
  lSize: number;
}

/**
 * Why an item failed or paused by itself: the server's own message (as received, and by its parts
 * when it has them, to be shown in the language of the moment), or one of the upload screen's
 * texts with an optional detail.
 */
export type ItemReason =
  { text: string; message?: ServerMessage } | { key: ReasonKey; detail?: string };
export type ReasonKey =
  | 'network'
  | 'removedOnServer'
  | 'unreadable'
  | 'checksum'
  | 'verifyFailed'
  | 'missingFile'
  | 'otherTab'
  | 'differentFile'
  | 'otherFileContinued'
  | 'sessionEnded';

/** One queued slide document: metadata only (the File objects are kept beside the queue). */
export interface QueueItem {
  /** Client id of the item (also sent as iFileId). */
  iFileId: number;
  strFileName: string;
  lSize: number;
  lLastModified: number;
  /** Every file of a folder slide (MRXS); absent for a single-file slide. */
  listFileSliceInfo: DeclaredFile[] | null;
  target: UploadTarget;
  iUploadType: UploadTypeValue;
  /** The server's record, once created. */
  iSlideDocumentId: number | null;
  /**
   * Continues an upload begun in another browser or on another computer (its record given when
   * the file was chosen, with the share the server held then).
   */
  bContinued?: boolean;
  state: ItemState;
  /** Bytes the server acknowledged. */
  lProgress: number;
  /** Why it failed, or why it paused by itself (network, capacity). */
  reason: ItemReason | null;
  /**
   * The browser no longer holds its files (the page was reloaded): the user must choose the same
   * files again, which resumes the upload.
   */
  bNeedsFiles: boolean;
  /** When it was added, then when it finished (ms). */
  dtAdded: number;
  dtFinished: number | null;
}

export interface QueueState {
  items: QueueItem[];
  /** The start/stop button's flag. */
  uploading: boolean;
}

export type QueueAction =
  | { type: 'add'; items: QueueItem[] }
  | { type: 'start' }
  /** The queue stops: the item being sent pauses (`iFileId`, also while it waits to go on). */
  | { type: 'stop'; iFileId?: number }
  /** The uploader takes this waiting item. */
  | { type: 'begin'; iFileId: number }
  | { type: 'registered'; iFileId: number; iSlideDocumentId: number; lProgress: number }
  | {
      type: 'progress';
      iFileId: number;
      lProgress: number;
      /** From a paused item whose chunks on the wire are let finish (the figure may rise). */
      bWindingDown?: boolean;
    }
  /** What the server holds of a paused item, asked after a reload: shown as it is. */
  | { type: 'held'; iFileId: number; lProgress: number }
  | { type: 'uploaded'; iFileId: number; at: number }
  | { type: 'failed'; iFileId: number; reason: ItemReason; at: number }
  /** Paused by itself (network, capacity, unreadable file) with a reason, not by the user. */
  | { type: 'pausedByError'; iFileId: number; reason: ItemReason; needsFiles?: boolean }
  /** The same files were chosen again after a reload. */
  | { type: 'attach'; iFileId: number }
  | { type: 'cancel'; iFileId: number }
  | { type: 'clearFinished' };

export const emptyQueue: QueueState = { items: [], uploading: false };

/** 0 while not finished, 1 once uploaded or failed (spec §4). */
export function statusOf(item: Pick<QueueItem, 'state'>): 0 | 1 {
  return item.state === 'uploaded' || item.state === 'failed' ? 1 : 0;
}

export function canCancel(item: Pick<QueueItem, 'state'>): boolean {
  return statusOf(item) === 0;
}

function update(
  state: QueueState,
  iFileId: number,
  allowed: readonly ItemState[],
  change: (item: QueueItem) => Partial<QueueItem>,
): QueueState {
  const index = state.items.findIndex((item) => item.iFileId === iFileId);
  const item = state.items[index];
  if (!item || !allowed.includes(item.state)) {
    return state;
  }
  const items = [...state.items];
  items[index] = { ...item, ...change(item) };
  return { ...state, items };
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'add':
      return { ...state, items: [...state.items, ...action.items] };
    case 'start':
      // A paused item the browser still has the files of waits for its turn again.
      return {
        uploading: true,
        items: state.items.map((item) =>
          item.state === 'paused' && !item.bNeedsFiles
            ? { ...item, state: 'waiting', reason: null }
            : item,
        ),
      };
    case 'stop':
      return {
        uploading: false,
        items: state.items.map((item) =>
          item.state === 'uploading' ||
          (item.state === 'waiting' && item.iFileId === action.iFileId)
            ? { ...item, state: 'paused' }
            : item,
        ),
      };
    case 'begin':
      return update(state, action.iFileId, ['waiting'], () => ({
        state: 'uploading',
        reason: null,
      }));
    // Also for an item paused (or resumed) meanwhile: a pause lets the calls under way finish,
    // and the server's record (its storage reserved) must stay known, to continue or cancel it.
    case 'registered':
      return update(state, action.iFileId, ['uploading', 'paused', 'waiting'], () => ({
        iSlideDocumentId: action.iSlideDocumentId,
        lProgress: action.lProgress,
      }));
    case 'progress': {
      const lProgress = (item: QueueItem) => Math.min(item.lSize, Math.max(0, action.lProgress));
      // Resumed during its wind-down, it waits for its chunks on the wire: they count.
      if (action.bWindingDown) {
        const waiting = update(state, action.iFileId, ['waiting'], (item) => ({
          lProgress: lProgress(item),
        }));
        if (waiting !== state) {
          return waiting;
        }
      }
      const paused = state.items.find(
        (item) => item.iFileId === action.iFileId && item.state === 'paused',
      );
      // The chunks a pause cut off give their bytes back after the item paused: a paused item
      // takes a lower figure, and a higher one only from the chunks its pause lets finish.
      if (paused) {
        const figure = lProgress(paused);
        return paused.lProgress > figure || (action.bWindingDown && paused.lProgress !== figure)
          ? update(state, action.iFileId, ['paused'], (item) => ({ lProgress: lProgress(item) }))
          : state;
      }
      return update(state, action.iFileId, ['uploading'], (item) => ({
        lProgress: lProgress(item),
      }));
    }
    case 'held':
      // Higher or lower: the stored figure may count bytes that were on the wire when the page
      // went, and the server's is the truth (a pause shows what the server holds).
      return update(state, action.iFileId, ['paused'], (item) => ({
        lProgress: Math.min(item.lSize, Math.max(0, action.lProgress)),
      }));
    // The completing chunk a pause let finish completes the slide, paused or resumed meanwhile.
    case 'uploaded':
      return update(state, action.iFileId, ['uploading', 'paused', 'waiting'], (item) => ({
        state: 'uploaded',
        lProgress: item.lSize,
        reason: null,
        dtFinished: action.at,
      }));
    case 'failed':
      return update(state, action.iFileId, ['waiting', 'uploading', 'paused'], () => ({
        state: 'failed',
        reason: action.reason,
        dtFinished: action.at,
      }));
    case 'pausedByError':
      return update(state, action.iFileId, ['waiting', 'uploading', 'paused'], (item) => ({
        state: 'paused',
        reason: action.reason,
        bNeedsFiles: action.needsFiles ?? item.bNeedsFiles,
      }));
    case 'attach':
      // While the queue runs it takes the slide in its turn; stopped, it waits for Resume.
      return update(state, action.iFileId, ['waiting', 'paused'], (item) => ({
        bNeedsFiles: false,
        reason: null,
        state: state.uploading ? 'waiting' : item.state,
      }));
    case 'cancel': {
      const item = state.items.find((i) => i.iFileId === action.iFileId);
      if (!item || !canCancel(item)) {
        return state;
      }
      return { ...state, items: state.items.filter((i) => i !== item) };
    }
    case 'clearFinished':
      return { ...state, items: state.items.filter((item) => statusOf(item) === 0) };
  }
}

/** The next item to upload: the first waiting one whose files the browser holds. */
export function nextItem(state: QueueState): QueueItem | undefined {
  return state.items.find((item) => item.state === 'waiting' && !item.bNeedsFiles);
}

/** The queue (status 0) and finished (status 1, newest first) lists. */
export function splitQueue(items: readonly QueueItem[]): {
  active: QueueItem[];
  finished: QueueItem[];
} {
  return {
    active: items.filter((item) => statusOf(item) === 0),
    finished: items
      .filter((item) => statusOf(item) === 1)
      .sort((a, b) => (b.dtFinished ?? 0) - (a.dtFinished ?? 0)),
  };
}

/**
 * Total size and bytes sent of the batch under way (the total progress bar): the unfinished items
 * and those finished since the oldest of them was added, finished ones counted whole (a failed
 * one too: nothing more will be sent for it). Counting only unfinished items made the bar jump
 * back each time a slide finished ("23% 1 MB / 4.21 MB" became "0% 0 B / 2.35 MB"). Nothing
 * unfinished: zero, the batch is over.
 */
export function queueTotals(items: readonly QueueItem[]): { lSize: number; lProgress: number } {
  let batchStart = Number.POSITIVE_INFINITY;
  for (const item of items) {
    if (statusOf(item) === 0) {
      batchStart = Math.min(batchStart, item.dtAdded);
    }
  }
  let lSize = 0;
  let lProgress = 0;
  for (const item of items) {
    if (statusOf(item) === 0) {
      lSize += item.lSize;
      lProgress += item.lProgress;
    } else if ((item.dtFinished ?? 0) >= batchStart) {
      lSize += item.lSize;
      lProgress += item.lSize;
    }
  }
  return { lSize, lProgress };
}

/** Percent for a progress bar: whole numbers, 100 only when everything is there. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) {
    return 0;
  }
  const percent = Math.floor((done / total) * 100);
  return done >= total ? 100 : Math.min(99, percent);
}

/** Paused by the queue itself for the reason `key`. */
export function pausedFor(item: QueueItem, key: ReasonKey): boolean {
  return (
    item.state === 'paused' &&
    item.reason !== null &&
    'key' in item.reason &&
    item.reason.key === key
  );
}

/** Paused here because another tab of this browser sends it: that tab's copy is the true one. */
export function sentElsewhere(item: QueueItem): boolean {
  return pausedFor(item, 'otherTab');
}

/**
 * What the running queue has still to send, for its time left: the slide on the wire and those
 * waiting their turn. A slide paused meanwhile (by its own refusal: storage, a different file, ten
 * failures) is not taken up again in this run, and counting it read "2 h" left beside a 10 MB
 * slide (nor what another tab of this browser sends, paused here); nor what waits for its files.
 */
export function bytesLeftToSend(items: readonly QueueItem[]): number {
  return items
    .filter((item) => (item.state === 'waiting' || item.state === 'uploading') && !item.bNeedsFiles)
    .reduce((sum, item) => sum + item.lSize - item.lProgress, 0);
}

/**
 * A queue read back after a page reload: what was not finished pauses and waits for its files to
 * be chosen again (the browser cannot keep File objects across a reload).
 */
export function restoredQueue(items: readonly QueueItem[]): QueueState {
  return {
    uploading: false,
    items: items.map((item) =>
      statusOf(item) === 0 ? { ...item, state: 'paused', bNeedsFiles: true, reason: null } : item,
    ),
  };
}

/**
 * The unfinished item a newly chosen document continues: same case or number, same name, size
 * and modification time, and waiting for its files.
 */
export function resumableItem(
  items: readonly QueueItem[],
  target: UploadTarget,
  doc: { strFileName: string; lSize: number; lLastModified: number },
): QueueItem | undefined {
  return items.find(
    (item) =>
      item.bNeedsFiles &&
      statusOf(item) === 0 &&
      sameTarget(item.target, target) &&
      item.strFileName === doc.strFileName &&
      item.lSize === doc.lSize &&
      item.lLastModified === doc.lLastModified,
  );
}

export function sameTarget(a: UploadTarget, b: UploadTarget): boolean {
  return a.iPatientId !== null || b.iPatientId !== null
    ? a.iPatientId === b.iPatientId
    : a.strDiagnosistNum === b.strDiagnosistNum;
}

/** Refusals of the hospital's storage (used up, or too little left for the slide). */
const STORAGE_REFUSALS = new Set(['CAPACITY_USED_UP', 'SLIDE_EXCEEDS_CAPACITY']);

/** Whether an item was stopped by the hospital's storage rather than by its user or the link. */
export function isStorageRefusal(reason: ItemReason | null | undefined): boolean {
  return !!reason && 'text' in reason && STORAGE_REFUSALS.has(reason.message?.code ?? '');
}
