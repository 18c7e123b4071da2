import { useSyncExternalStore } from 'react';
import type { UploadTypeValue } from '@pathconsult/shared';
import type { UploadManager, UploadSnapshot } from '../api/upload-manager';
import { statusOf, type QueueItem, type UploadTarget } from '../utils/queue';
import type { UnfinishedUpload } from '../utils/upload-checks';

/*
 * Where the workspace's upload parts meet: the queue (once its script has loaded), and whether
 * the panel is open and for which case. A small store rather than a React context, so that the
 * frame only places the runtime and the header button beside its own parts.
 */

/** What the panel is opened for: adding slides to a case, single or batch. */
export interface PanelRequest {
  target: UploadTarget;
  iUploadType: UploadTypeValue;
  /** Names of the case's slides that block the same name. */
  uploadedNames: string[];
  /** Those of them whose slide failed: refused as such (it must be deleted first). */
  failedNames?: string[];
  /** Its unfinished uploads: choosing one's own file again continues it (see CheckContext). */
  unfinished?: UnfinishedUpload[];
  /** Asked for by pathology number, which turned out to be the doctor's case: the panel says so. */
  foundByNumber?: boolean;
}

export interface UploadUi {
  manager: UploadManager | null;
  open: boolean;
  /** Once opened, the panel stays mounted (closing animation, scroll position). */
  mounted: boolean;
  request: PanelRequest | null;
  /**
   * Opened from the header: the panel follows the screen on view (its offer, below) rather than
   * hold the request it was opened with, so it never names a case the screen has left.
   */
  follows: boolean;
  /** The case the screen on view offers for uploading: the header's button opens the panel for it. */
  offer: PanelRequest | null;
  /**
   * Start asked for outside the panel (a slide row's "Resume"): the panel's start/stop button
   * takes it up, with the storage check Start makes (spec §5) and what it says.
   */
  startAsked: boolean;
}

let ui: UploadUi = {
  manager: null,
  open: false,
  mounted: false,
  request: null,
  follows: false,
  offer: null,
  startAsked: false,
};
const listeners = new Set<() => void>();

function set(next: Partial<UploadUi>): void {
  ui = { ...ui, ...next };
  for (const listener of listeners) {
    listener();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setUploadManager(manager: UploadManager): void {
  set({ manager });
}

/**
 * Opens the panel: with a request, for adding slides to that case (a button of the screen);
 * without, for whatever the screen on view offers, as it changes (the header's button).
 */
export function openUploadPanel(request?: PanelRequest): void {
  set({ open: true, mounted: true, request: request ?? null, follows: request === undefined });
}

/**
 * The screen on view has changed (Back, a link, a notification). A panel opened by a button of
 * the screen left closes with it: its title names that screen's case. Uploads go on.
 */
export function leaveUploadScreen(): void {
  if (ui.open && !ui.follows) {
    set({ open: false });
  }
}

/** What the panel is for now: its own request, or the offer of the screen on view. */
export function panelRequestOf({ follows, request, offer }: UploadUi): PanelRequest | null {
  return follows ? offer : request;
}

/** Opens the panel (following the screen on view) and has its start/stop button start the queue. */
export function openUploadPanelToStart(): void {
  set({ open: true, mounted: true, request: null, follows: true, startAsked: true });
}

/** Whether a start was asked for, which the caller now takes up (once). */
export function takeStartRequest(): boolean {
  if (!ui.startAsked) {
    return false;
  }
  set({ startAsked: false });
  return true;
}

export function closeUploadPanel(): void {
  set({ open: false });
}

/**
 * A case screen of the case's owner, while the case takes slides, offers that case: the header's
 * "Upload" then opens the panel with its drop zone rather than a hint to go to the case.
 */
export function offerUploadTarget(request: PanelRequest): void {
  set({ offer: request });
}

/** The screen that offered `request` has gone (a later screen's offer is kept). */
export function withdrawUploadOffer(request: PanelRequest): void {
  if (ui.offer === request) {
    set({ offer: null });
  }
}

/** The state as it is now (outside React). */
export function getUploadUi(): UploadUi {
  return ui;
}

export function useUploadUi(): UploadUi {
  return useSyncExternalStore(subscribe, getUploadUi);
}

export function useUploads(): {
  manager: UploadManager | null;
  openPanel: typeof openUploadPanel;
} {
  const { manager } = useUploadUi();
  return { manager, openPanel: openUploadPanel };
}

const EMPTY: UploadSnapshot = {
  items: [],
  uploading: false,
  speed: 0,
  remaining: null,
  trouble: null,
  pausing: null,
  resuming: null,
  checking: null,
  checked: null,
  completing: null,
};
const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY;

/** The queue's state, re-rendered as it changes (empty until the queue has loaded). */
export function useUploadSnapshot(): UploadSnapshot {
  const { manager } = useUploadUi();
  return useSyncExternalStore(
    manager?.subscribe ?? noSubscribe,
    manager?.getSnapshot ?? emptySnapshot,
  );
}

/** This browser's queue item for an uploaded document, if the queue holds one not yet finished. */
export function useQueuedUpload(
  iSlideDocumentId: number,
): (QueueItem & { bPausing?: boolean }) | undefined {
  const { items, pausing, resuming } = useUploadSnapshot();
  const item = items.find((i) => i.iSlideDocumentId === iSlideDocumentId && statusOf(i) === 0);
  // As the queue shows it: pausing while its last chunks finish, uploading once resumed then.
  if (item && item.iFileId === pausing) {
    return { ...item, bPausing: true };
  }
  if (item && item.iFileId === resuming && item.state === 'waiting') {
    return { ...item, state: 'uploading' };
  }
  return item;
}

/**
 * The slide's item this queue gave up on (a file that was not the upload's, say), kept in its
 * finished list: the server still has the slide as uploading until minutes without data pass,
 * and nobody here sends it (upload-state-view.ts).
 */
export function useGivenUpUpload(iSlideDocumentId: number): QueueItem | undefined {
  const { items } = useUploadSnapshot();
  return items.find((i) => i.iSlideDocumentId === iSlideDocumentId && i.state === 'failed');
}
