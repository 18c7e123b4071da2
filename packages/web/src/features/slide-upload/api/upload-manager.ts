import type { SliceDigester } from '../utils/slice-digest';
import {
  SlideUploadState,
  type FileStatusDto,
  type UploadRecordsInput,
  type UploadTypeValue,
} from '@pathconsult/shared';
import { ApiError } from '@/lib/api-error';
import { receivedBytes } from '../utils/chunk-plan';
import { readSeriesUids } from '../utils/dicom-series';
import {
  scanPicked,
  type PickedFile,
  type ScanProblem,
  type ScannedDocument,
} from '../utils/folder-scan';
import { parseQueue, serializeQueue, storageKeyOf } from '../utils/persisted-queue';
import {
  bytesLeftToSend,
  emptyQueue,
  nextItem,
  pausedFor,
  queueReducer,
  restoredQueue,
  statusOf,
  type QueueAction,
  type QueueItem,
  type QueueState,
  type UploadTarget,
} from '../utils/queue';
import {
  emptyMergeMemory,
  adoptStored,
  memoryAfterLoad,
  mergeQueues,
  type MergeMemory,
} from '../utils/queue-merge';
import { browserTabLocks, uploadLockName, type TabLocks } from '../utils/tab-lock';
import {
  mergeTrouble,
  withRetry,
  type LinkTrouble,
  type RetryPolicy,
  type Sleep,
} from '../utils/retry';
import { SpeedMeter, remainingTime, type Remaining } from '../utils/speed';
import {
  GONE,
  isGone,
  outcomeOf,
  serverReason,
  uploadDocument,
  type Outcome,
  type Readable,
} from '../utils/upload-document';
import {
  checkDocuments,
  sniffDocument,
  type Refusal,
  type UnfinishedUpload,
} from '../utils/upload-checks';
import type { UploadTransport } from './upload-transport';
import { heldChunksMatch } from '../utils/held-chunks';

/**
 * The app's one upload queue (spec §4 "Upload"): it lives outside React so that uploads go on
 * while the doctor moves between screens and tabs. It holds the queue state (utils/queue.ts), the
 * File objects of each item (which cannot be stored), runs the items one after another through
 * uploadDocument, measures the speed once a second, and keeps the queue's metadata in
 * localStorage so that a reload loses nothing: the user chooses the same files again and the
 * upload continues where the server stopped.
 */

export interface UploadSnapshot {
  items: QueueItem[];
  uploading: boolean;
  /**
   * Bytes a second, averaged over the last 10 one-second samples; null while none is taken yet
   * (the first second after a start or resume), 0 when stopped or the connection is lost.
   */
  speed: number | null;
  /** Time left for every unfinished item the browser has the files of. */
  remaining: Remaining | null;
  /**
   * The connection is lost: calls are being retried (when the next try is due, ms since the
   * epoch), or the browser is offline and the upload waits for the network. Null while the server
   * answers.
   */
  trouble: LinkTrouble | null;
  /**
   * The item the user paused whose chunks already on the wire are still let finish (so that
   * they need not be sent again); null once nothing of a paused item is in flight.
   */
  pausing: number | null;
  /**
   * The item resumed while its pause was winding down: its chunks on the wire go on, and it is
   * sent on from where they end (shown as uploading, not as waiting).
   */
  resuming: number | null;
  /**
   * The item whose chunks already on the server are being compared with the file chosen again
   * (held-chunks.ts): nothing is sent meanwhile, which is no slow link.
   */
  checking: number | null;
  /** How much of that check is done (0–1), while it runs. */
  checked: number | null;
  /**
   * The item whose completing (last) chunk is being sent and answered: the server checks the
   * whole file before it answers (long after a restart of the server), which is no slow link.
   */
  completing: number | null;
}

export interface AddRequest {
  picked: readonly PickedFile<File>[];
  target: UploadTarget;
  iUploadType: UploadTypeValue;
  /** Files chosen one by one (each must be a slide), rather than a folder to search. */
  strict: boolean;
  types: readonly string[];
  /** Vendor types the server reads only once OpenSlide is installed (refused, saying how). */
  unreadableTypes?: readonly string[];
  uploadedNames: readonly string[];
  /** Those of them whose slide failed (see CheckContext). */
  failedNames?: readonly string[];
  /** The case's unfinished uploads (see CheckContext): one's own continues when its file is chosen. */
  unfinished?: readonly UnfinishedUpload[];
  /** Name shown in the folder error when a folder holds no slide. */
  folderName?: string;
  /** Finished items whose name is free again (see CheckContext). */
  released?: ReadonlySet<number>;
}

export interface AddResult {
  added: number;
  resumed: number;
  /** The slide documents of those resumed (another tab of this browser may be sending some). */
  resumedIds: number[];
  /** The slide documents of those continued (as above). */
  continuedIds: number[];
  /** Of those added, how many continue an upload begun elsewhere (another browser or computer). */
  continued: number;
  refused: Refusal[];
  /** Files of a chosen folder left out as not slides (paths within what was chosen). */
  skipped: string[];
}

export interface ManagerDeps {
  transport: UploadTransport;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  hash: (bytes: Uint8Array) => Promise<string>;
  /** Reads and hashes slices of picked files off the page's thread (slice-digest.ts). */
  digestSlice?: SliceDigester;
  now?: () => number;
  concurrency?: number;
  policy?: RetryPolicy;
  sleep?: Sleep;
  /** Locks shared by the browser's tabs (tab-lock.ts); the browser's own by default. */
  tabLocks?: TabLocks;
  /** The one-second speed timer (replaced in tests). */
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
}

/**
 * How long a pause lets the chunks on the wire finish before cutting them off: three 1 MB chunks
 * take about 8 s at 400 KB/s; a link slower still loses them rather than hold the pause longer.
 */
export const WIND_DOWN_MS = 15_000;
/**
 * How long a cancel waits for an upload record being made to be answered, so that the record is
 * cancelled too (cut off, the request may have made it on the server all the same). Bounded: on a
 * dead link the record's request is retried for minutes; a record left then is swept as abandoned.
 */
const CANCEL_WAITS_FOR_RECORD_MS = 5_000;

/** How often, at most, progress re-renders the panel. */
const PROGRESS_NOTIFY_MS = 200;

const readHead = async (file: File, bytes: number) =>
  new Uint8Array(await file.slice(0, bytes).arrayBuffer());

/** The chosen slides whose first bytes are not of their type, each with its refusal. */
async function refuseByContent(
  documents: ScannedDocument<File>[],
): Promise<Map<ScannedDocument<File>, ScanProblem>> {
  const refusals = new Map<ScannedDocument<File>, ScanProblem>();
  for (const doc of documents) {
    let refusal: ScanProblem | null;
    try {
      refusal = await sniffDocument(doc, readHead);
    } catch {
      refusal = { name: doc.strFileName, code: 'SLIDE_CONTENT_MISMATCH' };
    }
    if (refusal) {
      refusals.set(doc, refusal);
    }
  }
  return refusals;
}

export class UploadManager {
  private state: QueueState = emptyQueue;
  private snapshot: UploadSnapshot = {
    ...emptyQueue,
    speed: 0,
    remaining: null,
    trouble: null,
    pausing: null,
    resuming: null,
    checking: null,
    checked: null,
    completing: null,
  };
  /** See UploadSnapshot.trouble. */
  private trouble: LinkTrouble | null = null;
  /** See UploadSnapshot.checking. */
  private checking: number | null = null;
  /** See UploadSnapshot.checked. */
  private checked: number | null = null;
  /** See UploadSnapshot.completing. */
  private completing: number | null = null;
  private readonly files = new Map<number, Map<string, Readable>>();
  private readonly listeners = new Set<() => void>();
  private readonly completed = new Set<(item: QueueItem) => void>();
  private readonly cancelled = new Set<(item: QueueItem) => void>();
  private readonly cancelling = new Set<number>();
  /**
   * Slide documents whose held chunks are known to be of the files this tab holds for them: it
   * sent them, or checked them (held-chunks.ts). Files chosen again are checked again.
   */
  private readonly checkedHere = new Set<number>();
  /** Slide documents whose upload lock this tab holds or asks for (a pause winding down too). */
  private readonly lockedHere = new Set<number>();
  /**
   * Upload records being made, per queue item: settled once the record is known to the queue (or
   * its request failed). A cancel waits for its item's (cancel()).
   */
  private readonly registering = new Map<number, Promise<void>>();
  private userId: number | null = null;
  /** What this tab last wrote to the queue the browser's tabs share (queue-merge.ts). */
  private mergeMemory: MergeMemory = emptyMergeMemory;
  /**
   * The item being sent: `controller` cuts its chunks off (cancel, another user), `windDown`
   * pauses it once the chunks on the wire are done (the user's stop).
   */
  private current: {
    iFileId: number;
    controller: AbortController;
    windDown: AbortController;
  } | null = null;
  /** Cuts a paused item's last chunks off once WIND_DOWN_MS have passed. */
  private windDownTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private readonly meter = new SpeedMeter();
  private wireBytes = 0;
  private sampledBytes = 0;
  private timer: unknown = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private dirty = false;
  /** The last item id given: ids are small integers, above those of the restored queue. */
  private lastId = 0;

  constructor(private readonly deps: ManagerDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  // ---- React binding (useSyncExternalStore) ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  /** Called with each item the server accepted as complete (the case's slide list reloads). */
  onCompleted(listener: (item: QueueItem) => void): () => void {
    this.completed.add(listener);
    return () => this.completed.delete(listener);
  }

  /** Called with each item cancelled once the server had registered it (its storage freed). */
  onCancelled(listener: (item: QueueItem) => void): () => void {
    this.cancelled.add(listener);
    return () => this.cancelled.delete(listener);
  }

  private notify(): void {
    if (this.notifyTimer !== null) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
    }
    // While the connection is lost nothing moves: no speed, and no time left can be told.
    const reconnecting = this.trouble !== null;
    const speed = this.running && this.state.uploading && !reconnecting ? this.meter.average() : 0;
    const winding = this.current?.windDown.signal.aborted ? this.current.iFileId : null;
    const left = bytesLeftToSend(this.state.items);
    this.snapshot = {
      items: this.state.items,
      uploading: this.state.uploading,
      speed,
      // Told once a whole second is measured (SpeedMeter).
      remaining: remainingTime(left, this.meter.settled() ? speed : null),
      trouble: this.running ? this.trouble : null,
      pausing: this.state.uploading ? null : winding,
      resuming: this.state.uploading ? winding : null,
      checking: this.running ? this.checking : null,
      checked: this.running && this.checking !== null ? this.checked : null,
      completing: this.running && !reconnecting ? this.completing : null,
    };
    for (const listener of this.listeners) {
      listener();
    }
  }

  private dispatch(action: QueueAction): void {
    const before = this.state;
    this.state = queueReducer(this.state, action);
    if (this.state === before) {
      return;
    }
    if (action.type === 'progress') {
      // Acknowledgements come many times a second on a fast link: saved and shown at a calmer pace.
      this.dirty = true;
      this.notifyTimer ??= setTimeout(() => this.notify(), PROGRESS_NOTIFY_MS);
      return;
    }
    this.persist();
    this.notify();
  }

  private persist(): void {
    this.dirty = false;
    if (this.userId === null) {
      return;
    }
    const key = storageKeyOf(this.userId);
    try {
      // Merged into what other tabs of the browser may have stored since this one last did.
      const merged = mergeQueues(
        this.state.items,
        parseQueue(this.deps.storage.getItem(key)),
        this.mergeMemory,
      );
      this.deps.storage.setItem(key, serializeQueue(merged.items));
      this.mergeMemory = merged.memory;
    } catch {
      // Storage full or refused: the queue still works, it only will not survive a reload.
    }
  }

  /**
   * Another tab of this browser wrote the stored queue (`storage` event with its key, or null
   * when the storage was cleared): take what it added, moved on, finished or removed
   * (adoptStored), so that its slides show here at once and not only after a reload.
   */
  storedQueueChanged(key: string | null): void {
    if (this.userId === null || (key !== null && key !== storageKeyOf(this.userId))) {
      return;
    }
    let stored: QueueItem[];
    try {
      stored = parseQueue(this.deps.storage.getItem(storageKeyOf(this.userId)));
    } catch {
      return;
    }
    const adopted = adoptStored(
      this.state.items,
      stored,
      this.mergeMemory,
      (item) => statusOf(item) === 0 && !item.bNeedsFiles,
      () => ++this.lastId,
    );
    this.mergeMemory = adopted.memory;
    this.state = { ...this.state, items: adopted.items };
    this.notify();
  }

  // ---- The session's user ----

  /** Another user (or none) now uses the browser: stop, forget the files, load their queue. */
  switchUser(iUserId: number | null): void {
    if (iUserId === this.userId) {
      return;
    }
    this.stop();
    // The next user's requests are not the previous user's: nothing of theirs goes on, and a
    // pause pressed by the next user never reaches the previous user's item.
    this.current?.controller.abort();
    this.current = null;
    this.clearWindDownTimer();
    // Whatever the stopped run still reports belongs to the previous user's queue.
    this.generation += 1;
    this.files.clear();
    this.userId = iUserId;
    const stored =
      iUserId === null ? [] : parseQueue(this.deps.storage.getItem(storageKeyOf(iUserId)));
    this.state = iUserId === null ? emptyQueue : restoredQueue(stored);
    this.mergeMemory = memoryAfterLoad(this.state.items, stored);
    this.lastId = Math.max(0, ...this.state.items.map((item) => item.iFileId));
    this.notify();
    void this.askHeld();
  }

  /**
   * After a reload, the stored progress of an unfinished item may count bytes that were on the
   * wire when the page went (progress counts them while they leave, and the page had no time to
   * give them back): each paused item takes the bytes of the chunks the server says it stored.
   * An upload the server no longer has holds nothing (resumed, it ends as no longer there). When the server cannot
   * be asked, the stored figure stays until the upload resumes.
   */
  private async askHeld(): Promise<void> {
    const generation = this.generation;
    const restored = this.state.items.filter(
      (item) => statusOf(item) === 0 && item.iSlideDocumentId !== null,
    );
    for (const item of restored) {
      let held: number;
      try {
        const status = await this.deps.transport.status(
          item.iSlideDocumentId!,
          new AbortController().signal,
        );
        held = receivedBytes(status.listFileSliceInfo, status.lChunkSize);
      } catch (error) {
        if (!(error instanceof ApiError && error.httpStatus === 404)) {
          continue;
        }
        held = 0;
      }
      if (generation !== this.generation) {
        return;
      }
      this.dispatch({ type: 'held', iFileId: item.iFileId, lProgress: held });
    }
  }

  // ---- Adding files ----

  /**
   * Queues the slides among chosen files after the checks of spec §5, or gives an unfinished
   * item (after a reload) its files back. Answers what was queued, resumed and refused.
   */
  async add(request: AddRequest): Promise<AddResult> {
    // In a chosen folder, DICOM files of one series make one slide: their series are read first.
    const series = request.strict
      ? new Map<string, string>()
      : await readSeriesUids(request.picked);
    const scan = scanPicked(
      request.picked,
      request.types,
      request.strict,
      series,
      request.unreadableTypes,
    );
    if (!request.strict && scan.documents.length === 0 && scan.problems.length === 0) {
      return {
        added: 0,
        resumed: 0,
        resumedIds: [],
        continuedIds: [],
        continued: 0,
        refused: [{ name: request.folderName ?? '', code: 'noSlideFolder' }],
        // The folder error says it all: nothing in it is a slide.
        skipped: [],
      };
    }
    // Contents are read before names are compared: a text file renamed "x.svs" must not take the
    // name "x.svs" from the real slide chosen after it (the first of a name settles it).
    const contents = await refuseByContent(scan.documents);
    const checked = checkDocuments(
      {
        ...scan,
        documents: scan.documents.filter((doc) => !contents.has(doc)),
        // Counted with the problems, so a single upload of two files still says "one file".
        problems: [...scan.problems, ...contents.values()],
      },
      {
        target: request.target,
        single: request.iUploadType === 0,
        uploadedNames: request.uploadedNames,
        failedNames: request.failedNames,
        unfinished: request.unfinished,
        iUserId: this.userId,
        queue: this.state.items,
        released: request.released,
      },
    );
    const refused = [...checked.refused];
    const accepted: { doc: ScannedDocument<File>; begun?: UnfinishedUpload }[] = [
      ...checked.accepted.map((doc) => ({ doc, begun: undefined })),
      ...checked.continuing,
    ];
    for (const { doc, item } of checked.resumed) {
      if (item.iSlideDocumentId !== null) {
        this.checkedHere.delete(item.iSlideDocumentId);
      }
      this.files.set(item.iFileId, filesOf(doc));
      this.dispatch({ type: 'attach', iFileId: item.iFileId });
    }
    const items = accepted.map(({ doc, begun }) => this.newItem(doc, request, begun));
    for (const { begun } of accepted) {
      if (begun) {
        // Its held chunks are compared with this file, whatever was checked here before.
        this.checkedHere.delete(begun.iSlideDocumentId);
      }
    }
    for (const [i, item] of items.entries()) {
      this.files.set(item.iFileId, filesOf(accepted[i]!.doc));
    }
    if (items.length > 0) {
      this.dispatch({ type: 'add', items });
    }
    if (this.state.uploading && (items.length > 0 || checked.resumed.length > 0)) {
      // Files chosen while the queue runs join it (a resumed item waits for its turn).
      this.dispatch({ type: 'start' });
      void this.loop();
    }
    return {
      added: items.length,
      resumed: checked.resumed.length,
      resumedIds: checked.resumed.flatMap(({ item }) =>
        item.iSlideDocumentId === null ? [] : [item.iSlideDocumentId],
      ),
      continuedIds: accepted.flatMap(({ begun }) => (begun ? [begun.iSlideDocumentId] : [])),
      continued: accepted.filter(({ begun }) => begun).length,
      refused,
      skipped: scan.skipped,
    };
  }

  /**
   * A new queue item; one that continues an upload begun elsewhere (`begun`) carries its record
   * and the share the server holds, so that it reads as the upload it is before it is started,
   * and Start asks the server what it holds (and checks those chunks against the file) instead of
   * registering it again.
   */
  private newItem(
    doc: ScannedDocument<File>,
    request: AddRequest,
    begun?: UnfinishedUpload,
  ): QueueItem {
    this.lastId += 1;
    return {
      iFileId: this.lastId,
      strFileName: doc.strFileName,
      lSize: doc.lSize,
      lLastModified: doc.lLastModified,
      listFileSliceInfo: doc.bFolder
        ? doc.files.map((f) => ({ strFilePath: f.strFilePath, lSize: f.file.size }))
        : null,
      target: request.target,
      iUploadType: request.iUploadType,
      iSlideDocumentId: begun?.iSlideDocumentId ?? null,
      bContinued: begun ? true : undefined,
      state: 'waiting',
      lProgress: begun ? Math.min(doc.lSize, begun.lProgress) : 0,
      reason: null,
      bNeedsFiles: false,
      dtAdded: this.now(),
      dtFinished: null,
    };
  }

  // ---- Start, stop, cancel ----

  /** Whether start has anything to send (an unfinished item whose files the browser holds). */
  canStart(): boolean {
    return this.state.items.some((item) => statusOf(item) === 0 && !item.bNeedsFiles);
  }

  start(): void {
    if (!this.canStart()) {
      return;
    }
    // Resumed while a pause winds down: the chunks on the wire are no longer cut off; the item
    // goes on from where they end.
    this.clearWindDownTimer();
    this.dispatch({ type: 'start' });
    void this.loop();
  }

  /**
   * Logged in again after the session ended in the middle of an upload: the items it paused go
   * on by themselves where this tab still holds their files (it was the same user: another one's
   * login forgets the files, switchUser). The user had to find the upload panel and press Start.
   */
  resumeAfterLogin(): void {
    const stopped = this.state.items.some(
      (item) =>
        pausedFor(item, 'sessionEnded') && !item.bNeedsFiles && this.files.has(item.iFileId),
    );
    if (stopped && !this.state.uploading) {
      this.start();
    }
  }

  private clearWindDownTimer(): void {
    if (this.windDownTimer !== null) {
      clearTimeout(this.windDownTimer);
      this.windDownTimer = null;
    }
  }

  /**
   * The stop half of the button: no chunk is begun any more; those on the wire may finish for
   * WIND_DOWN_MS (their bytes are kept), then they are cut off. What was acknowledged stays.
   */
  stop(): void {
    const current = this.current;
    if (current && this.windDownTimer === null) {
      // Paused again after a resume during the wind-down: the time limit runs again.
      current.windDown.abort();
      this.windDownTimer = setTimeout(() => current.controller.abort(), WIND_DOWN_MS);
    }
    if (this.state.uploading) {
      // The item sent now, or resumed during its wind-down (waiting for it to end), pauses.
      this.dispatch({ type: 'stop', iFileId: current?.iFileId });
    }
  }

  /**
   * Cancels an unfinished item (status 0 only): the server deletes its upload and frees the
   * storage. Throws when the server could not be told; the item then stays (paused).
   */
  async cancel(iFileId: number): Promise<void> {
    const item = this.state.items.find((i) => i.iFileId === iFileId);
    if (!item || statusOf(item) !== 0 || this.cancelling.has(iFileId)) {
      return;
    }
    this.cancelling.add(iFileId);
    try {
      // Its upload record being made: its answer is awaited first, so that the record made is
      // known and cancelled below (cut off, it stayed on the server as an upload no one sends).
      const registering = this.registering.get(iFileId);
      if (registering) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          registering,
          new Promise((resolve) => (timer = setTimeout(resolve, CANCEL_WAITS_FOR_RECORD_MS))),
        ]);
        clearTimeout(timer);
      }
      if (this.current?.iFileId === iFileId) {
        this.current.controller.abort();
      }
      const id = this.itemOf(iFileId)?.iSlideDocumentId ?? null;
      if (id !== null) {
        try {
          await this.deps.transport.cancel(id);
        } catch (error) {
          // Already gone on the server (cleaned up, or cancelled elsewhere) is what was wanted.
          if (!(error instanceof ApiError && error.httpStatus === 404)) {
            const reason =
              error instanceof ApiError ? serverReason(error) : { text: errorText(error) };
            this.dispatch({ type: 'pausedByError', iFileId, reason });
            throw error;
          }
        }
      }
      this.files.delete(iFileId);
      this.dispatch({ type: 'cancel', iFileId });
      if (id !== null) {
        this.cancelled.forEach((listener) => listener(item));
      }
    } finally {
      this.cancelling.delete(iFileId);
    }
  }

  /**
   * Slides deleted in this browser (slide management, a case's Slide files): their unfinished
   * uploads leave the queue at once, stopped if under way, as a cancel does. (One deleted
   * elsewhere ends with the server's 404: "no longer on the server".)
   */
  forgetDeleted(ids: readonly number[]): void {
    const gone = this.state.items.filter(
      (item) =>
        statusOf(item) === 0 &&
        item.iSlideDocumentId !== null &&
        ids.includes(item.iSlideDocumentId),
    );
    for (const item of gone) {
      if (this.current?.iFileId === item.iFileId) {
        this.current.controller.abort();
      }
      this.files.delete(item.iFileId);
      this.dispatch({ type: 'cancel', iFileId: item.iFileId });
    }
  }

  /**
   * The slide documents whose upload lock this tab holds (or is asking for) now, a copy: those
   * it sends, or whose pause is still winding down. A lock held on any other is another tab's.
   */
  locksHeldHere(): ReadonlySet<number> {
    return new Set(this.lockedHere);
  }

  clearFinished(): void {
    this.dispatch({ type: 'clearFinished' });
  }

  private itemOf(iFileId: number): QueueItem | undefined {
    return this.state.items.find((i) => i.iFileId === iFileId);
  }

  // ---- The run ----

  /** The speed measured afresh from now (after a start, a lost link, a check of held chunks). */
  private restartMeter(): void {
    this.meter.reset();
    this.sampledBytes = this.wireBytes;
  }

  private startTimer(): void {
    this.restartMeter();
    const every = this.deps.setInterval ?? ((run, ms) => setInterval(run, ms));
    this.timer = every(() => this.tick(), 1000);
  }

  /** The one-second timer: a speed sample, and the progress saved. */
  private tick(): void {
    // Seconds of a lost connection are no samples: counted, they kept the speed shown low (and
    // the time left long) for ten seconds after the link came back.
    if (this.trouble === null) {
      this.meter.add(this.wireBytes - this.sampledBytes);
    }
    this.sampledBytes = this.wireBytes;
    if (this.dirty) {
      this.persist();
    }
    this.notify();
  }

  private stopTimer(): void {
    if (this.timer !== null) {
      (this.deps.clearInterval ?? ((t) => clearInterval(t as ReturnType<typeof setInterval>)))(
        this.timer,
      );
      this.timer = null;
    }
    this.meter.reset();
  }

  /** Resolves once the queue has stopped running (nothing left, stopped, or paused by itself). */
  idle(): Promise<void> {
    return this.runPromise;
  }

  private runPromise: Promise<void> = Promise.resolve();

  /** Counts user switches: a run only changes the queue of the user it started for. */
  private generation = 0;

  private loop(): Promise<void> {
    if (!this.running) {
      this.running = true;
      this.runPromise = this.run();
    }
    return this.runPromise;
  }

  /** Files one after another while the button says so; ends when nothing is left to send. */
  private async run(): Promise<void> {
    const generation = this.generation;
    this.startTimer();
    try {
      while (generation === this.generation && this.state.uploading) {
        const item = nextItem(this.state);
        if (!item) {
          this.dispatch({ type: 'stop' });
          break;
        }
        const controller = new AbortController();
        const windDown = new AbortController();
        this.current = { iFileId: item.iFileId, controller, windDown };
        this.dispatch({ type: 'begin', iFileId: item.iFileId });
        const outcome = await this.uploadItem(item, controller.signal, windDown.signal, generation);
        this.current = null;
        this.clearWindDownTimer();
        if (windDown.signal.aborted) {
          // The pause has wound down: the row says "paused" now.
          this.notify();
        }
        if (generation !== this.generation) {
          break;
        }
        this.finish(item, outcome);
      }
    } finally {
      this.running = false;
      this.stopTimer();
      if (this.dirty) {
        this.persist();
      }
      this.notify();
      // The next user pressed start while this run was winding down.
      if (generation !== this.generation && this.state.uploading) {
        void this.loop();
      }
    }
  }

  private finish(item: QueueItem, outcome: Outcome): void {
    const { iFileId } = item;
    if (this.cancelling.has(iFileId)) {
      return;
    }
    if (outcome.kind === 'uploaded') {
      this.files.delete(iFileId);
      this.dispatch({ type: 'uploaded', iFileId, at: this.now() });
      const done = this.itemOf(iFileId);
      for (const listener of this.completed) {
        listener(done ?? item);
      }
    } else if (outcome.kind === 'failed') {
      this.files.delete(iFileId);
      this.dispatch({ type: 'failed', iFileId, reason: outcome.reason, at: this.now() });
    } else if (outcome.reason !== null) {
      if (outcome.needsFiles) {
        this.files.delete(iFileId);
      }
      this.dispatch({
        type: 'pausedByError',
        iFileId,
        reason: outcome.reason,
        needsFiles: outcome.needsFiles,
      });
      if (outcome.stopQueue) {
        this.stop();
      }
    } else {
      // A pause without a reason is the user's stop (the reducer already paused the item), once
      // its chunks on the wire have ended: the server is told, so that slide management lists
      // it as interrupted at once, not as uploading for two more minutes. Not when it was
      // resumed meanwhile, and a failure to tell changes nothing here (it stalls by itself).
      const paused = this.itemOf(iFileId);
      if (paused?.state === 'paused' && paused.iSlideDocumentId !== null) {
        this.deps.transport.pause(paused.iSlideDocumentId).catch(() => undefined);
      }
    }
  }

  private async uploadItem(
    item: QueueItem,
    signal: AbortSignal,
    windDown: AbortSignal,
    generation: number,
  ): Promise<Outcome> {
    const mine = (action: QueueAction) => {
      if (generation === this.generation) {
        this.dispatch(action);
      }
    };
    const files = this.files.get(item.iFileId);
    if (!files) {
      return { kind: 'paused', reason: { key: 'missingFile' }, stopQueue: false, needsFiles: true };
    }
    const { transport } = this.deps;
    const onTrouble = (trouble: LinkTrouble | null) => {
      if (generation === this.generation) {
        if ((trouble === null) !== (this.trouble === null)) {
          // Once it passes, the speed is measured afresh rather than from before the loss.
          this.restartMeter();
        }
        // Each chunk on the wire reports its own next try: the countdown shown only goes down
        // until that try has come (mergeTrouble).
        this.trouble = mergeTrouble(this.trouble, trouble, Date.now());
        this.notify();
      }
    };
    const retry = { signal, policy: this.deps.policy, sleep: this.deps.sleep, onTrouble };
    try {
      let status: FileStatusDto | null = null;
      if (item.iSlideDocumentId !== null) {
        const id = item.iSlideDocumentId;
        // The server no longer has it (deleted in slide management or the case's Slide files,
        // or left unfinished too long and cleaned up): it is not registered and sent again,
        // which brought a slide its doctor had deleted back into its case (outcomeOf: 404).
        try {
          status = await withRetry(() => transport.status(id, signal), retry);
        } catch (error) {
          if (isGone(error)) {
            return GONE;
          }
          throw error;
        }
      }
      // A cancel meanwhile waits until the record made is known here (cancel()).
      let recordKnown = () => {};
      try {
        if (!status) {
          this.registering.set(
            item.iFileId,
            new Promise<void>((resolve) => (recordKnown = resolve)),
          );
          const answer = await withRetry(
            () => transport.register(registration(item), signal),
            retry,
          );
          const record = answer.listFile[0] ?? null;
          if (!record) {
            return { kind: 'failed', reason: { key: 'verifyFailed' } };
          }
          status = record;
          if (!record.bResumed) {
            // Made now for these files: nothing of another file can be in it.
            this.checkedHere.add(record.iSlideDocumentId);
          }
        }
        mine({
          type: 'registered',
          iFileId: item.iFileId,
          iSlideDocumentId: status.iSlideDocumentId,
          lProgress: status.lProgress,
        });
      } finally {
        this.registering.delete(item.iFileId);
        recordKnown();
      }
      if (status.ddUploadState.iNumber === SlideUploadState.Uploaded) {
        return { kind: 'uploaded' };
      }
      if (status.ddUploadState.iNumber === SlideUploadState.Failed) {
        return { kind: 'failed', reason: { key: 'verifyFailed' } };
      }
      const id = status.iSlideDocumentId;
      const locks = this.deps.tabLocks ?? browserTabLocks();
      this.lockedHere.add(id);
      const holding = locks.holding(uploadLockName(id), async (): Promise<Outcome> => {
        let now = status;
        if (!this.checkedHere.has(id)) {
          // Files chosen again (after a reload, from the case's list, or an upload another tab
          // or computer began): the chunks the server holds must be of these files before the
          // rest is sent (held-chunks.ts). Read under the lock, so that no other tab of this
          // browser adds chunks meanwhile.
          now = await withRetry(() => transport.status(id, signal), retry);
          if (now.lProgress > 0) {
            const held = await withRetry(() => transport.chunkChecksums(id, signal), retry);
            const { hash, digestSlice } = this.deps;
            const checking = (on: boolean) => {
              if (generation === this.generation && (on || this.checking === item.iFileId)) {
                this.checking = on ? item.iFileId : null;
                this.checked = on ? 0 : null;
                // Measured afresh once sending begins: the check's silent seconds are no speed.
                this.restartMeter();
                this.notify();
              }
            };
            checking(true);
            let same: boolean;
            try {
              same = await heldChunksMatch(
                held,
                files,
                now.lChunkSize,
                hash,
                digestSlice,
                signal,
                (share) => {
                  // Told in whole percents: a 3 GB slide's check is thousands of chunks.
                  const percent = Math.floor(share * 100);
                  if (generation === this.generation && this.checking === item.iFileId) {
                    if (percent !== Math.floor((this.checked ?? 0) * 100)) {
                      this.checked = share;
                      this.notify();
                    }
                  }
                },
              );
            } finally {
              checking(false);
            }
            if (!same) {
              // Chosen to continue an upload begun elsewhere, it is not that file: it leaves the
              // queue's work with why, and the upload stays on the server for its own file.
              // Paused, it could be neither given the right file (another time) nor cancelled
              // without deleting that upload.
              if (item.bContinued) {
                return { kind: 'failed', reason: { key: 'otherFileContinued' } };
              }
              return {
                kind: 'paused',
                reason: { key: 'differentFile' },
                stopQueue: false,
                needsFiles: true,
              };
            }
          }
          this.checkedHere.add(id);
        }
        return uploadDocument({
          status: now,
          files,
          send: (request) => transport.sendChunk(request),
          hash: this.deps.hash,
          digestSlice: this.deps.digestSlice,
          signal,
          windDown,
          concurrency: this.deps.concurrency,
          policy: this.deps.policy,
          sleep: this.deps.sleep,
          onTrouble,
          onProgress: (lProgress) =>
            mine({
              type: 'progress',
              iFileId: item.iFileId,
              lProgress,
              // Chunks a pause let finish add their bytes to the paused item.
              bWindingDown: windDown.aborted,
            }),
          onCompleting: (on) => {
            if (generation === this.generation && (on || this.completing === item.iFileId)) {
              this.completing = on ? item.iFileId : null;
              this.notify();
            }
          },
          onSent: (bytes) => {
            this.wireBytes += bytes;
            // Bytes on the wire again: the link is back, though the chunk's answer may take a
            // while (a megabyte on a slow link). Waiting for it kept "no network" and no speed
            // shown for as long as the file's last chunk took.
            if (bytes > 0 && this.trouble !== null) {
              onTrouble(null);
            }
          },
        });
      });
      // Settled once the lock is let go: only then is the slide no longer this tab's.
      const sent = await holding.finally(() => {
        this.lockedHere.delete(id);
        if (this.completing === item.iFileId) {
          this.completing = null;
        }
      });
      // Another tab of this browser is sending it: this one leaves it alone and goes on.
      return (
        sent ?? { kind: 'paused', reason: { key: 'otherTab' }, stopQueue: false, needsFiles: false }
      );
    } catch (error) {
      return outcomeOf(error, signal);
    } finally {
      this.trouble = null;
    }
  }
}

function filesOf(doc: ScannedDocument<File>): Map<string, Readable> {
  return new Map(doc.files.map((f) => [f.strFilePath, f.file]));
}

/** addUploadRecords for one item: its case (or number), its files as the server must see them. */
function registration(item: QueueItem): UploadRecordsInput {
  return {
    ...(item.target.iPatientId !== null
      ? { iPatientId: item.target.iPatientId }
      : { strDiagnosistNum: item.target.strDiagnosistNum }),
    iUploadType: item.iUploadType,
    listFile: [
      {
        iFileId: item.iFileId,
        strFileName: item.strFileName,
        lSize: item.lSize,
        lLastModified: item.lLastModified,
        ...(item.listFileSliceInfo ? { listFileSliceInfo: item.listFileSliceInfo } : {}),
      },
    ],
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
