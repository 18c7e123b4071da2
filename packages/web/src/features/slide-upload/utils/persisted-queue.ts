import type {
  DeclaredFile,
  ItemReason,
  ItemState,
  QueueItem,
  ReasonKey,
  UploadTarget,
} from './queue';
import { statusOf } from './queue';
import type { ServerMessage } from '@/lib/server-message';

/**
 * The queue kept in localStorage so that it survives a page reload: metadata only (file names,
 * sizes, modification times, the server's document ids, the case id and pathology number; no
 * patient names). One key per user, so that a doctor
 * never sees the uploads of the previous user of the browser. What comes back is checked field by
 * field: a damaged or older entry is dropped rather than trusted.
 */

const VERSION = 1;

/** Finished items kept, newest first: the finished list is a recent history, not an archive. */
export const FINISHED_KEPT = 50;

export function storageKeyOf(iUserId: number): string {
  return `slideUploadQueue:${iUserId}`;
}

/**
 * The queue as stored. The patient's name is left out: localStorage outlives the login (a shared
 * ward computer keeps it after logout), and the queue needs only the case id and pathology
 * number to resume and to show where each slide goes.
 */
export function serializeQueue(items: readonly QueueItem[]): string {
  const active = items.filter((item) => statusOf(item) === 0);
  const finished = items
    .filter((item) => statusOf(item) === 1)
    .sort((a, b) => (b.dtFinished ?? 0) - (a.dtFinished ?? 0))
    .slice(0, FINISHED_KEPT);
  const kept = [...active, ...finished].map((item) => ({
    ...item,
    target: { iPatientId: item.target.iPatientId, strDiagnosistNum: item.target.strDiagnosistNum },
  }));
  return JSON.stringify({ version: VERSION, items: kept });
}

const STATES: readonly ItemState[] = ['waiting', 'uploading', 'paused', 'uploaded', 'failed'];

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isNat = (v: unknown): v is number => isInt(v) && v >= 0;
const isStr = (v: unknown): v is string => typeof v === 'string';
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseTarget(v: unknown): UploadTarget | null {
  if (!isObj(v)) {
    return null;
  }
  const id = v.iPatientId;
  if (!(id === null || isNat(id)) || !isStr(v.strDiagnosistNum)) {
    return null;
  }
  // Never stored (serializeQueue), nor read back where an older version stored it.
  return { iPatientId: id, strDiagnosistNum: v.strDiagnosistNum, strPatientName: '' };
}

function parseFiles(v: unknown): DeclaredFile[] | null | undefined {
  if (v === null) {
    return null;
  }
  if (!Array.isArray(v)) {
    return undefined;
  }
  const files: DeclaredFile[] = [];
  for (const f of v) {
    if (!isObj(f) || !isStr(f.strFilePath) || !isNat(f.lSize)) {
      return undefined;
    }
    files.push({ strFilePath: f.strFilePath, lSize: f.lSize });
  }
  return files;
}

const REASON_KEYS: readonly ReasonKey[] = [
  'network',
  'unreadable',
  'checksum',
  'verifyFailed',
  'missingFile',
  'differentFile',
  'otherFileContinued',
  'sessionEnded',
];

/** The parts of a server message, or null when absent or malformed (the text alone is kept). */
function parseServerMessage(v: unknown): ServerMessage | null {
  if (!isObj(v) || !isStr(v.code) || !isObj(v.params) || !isObj(v.messageParams)) {
    return null;
  }
  const params = Object.entries(v.params);
  const nested = Object.entries(v.messageParams);
  if (
    !params.every(([, p]) => isStr(p) || (typeof p === 'number' && Number.isFinite(p))) ||
    !nested.every(([, p]) => isStr(p))
  ) {
    return null;
  }
  return {
    code: v.code,
    params: Object.fromEntries(params) as Record<string, string | number>,
    messageParams: Object.fromEntries(nested) as Record<string, string>,
  };
}

/** A reason, null, or undefined when the value is not one. */
function parseReason(v: unknown): ItemReason | null | undefined {
  if (v === null) {
    return null;
  }
  if (!isObj(v)) {
    return undefined;
  }
  if (isStr(v.text)) {
    const message = parseServerMessage(v.message);
    return message ? { text: v.text, message } : { text: v.text };
  }
  const key = v.key as ReasonKey;
  if (!REASON_KEYS.includes(key) || !(v.detail === undefined || isStr(v.detail))) {
    return undefined;
  }
  return v.detail === undefined ? { key } : { key, detail: v.detail };
}

function parseItem(v: unknown): QueueItem | null {
  if (!isObj(v)) {
    return null;
  }
  const target = parseTarget(v.target);
  const files = parseFiles(v.listFileSliceInfo);
  const type = v.iUploadType;
  const state = v.state as ItemState;
  const reason = parseReason(v.reason);
  if (
    !target ||
    files === undefined ||
    !isInt(v.iFileId) ||
    !isStr(v.strFileName) ||
    !isNat(v.lSize) ||
    !isNat(v.lLastModified) ||
    !(type === 0 || type === 1 || type === 2) ||
    !(v.iSlideDocumentId === null || isNat(v.iSlideDocumentId)) ||
    !STATES.includes(state) ||
    !isNat(v.lProgress) ||
    reason === undefined ||
    !isNat(v.dtAdded) ||
    !(v.dtFinished === null || isNat(v.dtFinished))
  ) {
    return null;
  }
  return {
    iFileId: v.iFileId,
    strFileName: v.strFileName,
    lSize: v.lSize,
    lLastModified: v.lLastModified,
    listFileSliceInfo: files,
    target,
    iUploadType: type,
    iSlideDocumentId: v.iSlideDocumentId,
    ...(v.bContinued === true ? { bContinued: true } : {}),
    state,
    lProgress: Math.min(v.lProgress, v.lSize),
    reason,
    bNeedsFiles: true,
    dtAdded: v.dtAdded,
    dtFinished: v.dtFinished,
  };
}

/** The items stored under a key; anything unreadable is left out. */
export function parseQueue(raw: string | null): QueueItem[] {
  if (!raw) {
    return [];
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!isObj(data) || data.version !== VERSION || !Array.isArray(data.items)) {
    return [];
  }
  const items = data.items.map(parseItem).filter((item) => item !== null);
  // Each tab numbers the items it adds on its own, and tabs share this entry (queue-merge.ts):
  // of two items of one number, the later gets a new one.
  let last = Math.max(0, ...items.map((item) => item.iFileId));
  const ids = new Set<number>();
  return items.map((item) => {
    const renumbered = ids.has(item.iFileId) ? { ...item, iFileId: ++last } : item;
    ids.add(renumbered.iFileId);
    return renumbered;
  });
}
