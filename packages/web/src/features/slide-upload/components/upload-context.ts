import { useSyncExternalStore } from 'react';
import type { UploadTypeValue } from '@pathconsult/shared';
import type { UploadManager, UploadSnapshot } from '../api/upload-manager';
import { statusOf, type QueueItem, type UploadTarget } from '../utils/queue';

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
  /** Asked for by pathology number, which turned out to be the doctor's case: the panel says so. */
  foundByNumber?: boolean;
}

interface UploadUi {
  manager: UploadManager | null;
  open: boolean;
  /** Once opened, the panel stays mounted (closing animation, scroll position). */
  mounted: boolean;
  request: PanelRequest | null;
  /** The case the screen on view offers for uploading: the header's button opens the panel for it. */
  offer: PanelRequest | null;
}

let ui: UploadUi = { manager: null, open: false, mounted: false, request: null, offer: null };
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

/** Opens the panel; with a request, for adding slides to that case. */
export function openUploadPanel(request?: PanelRequest): void {
  set({ open: true, mounted: true, request: request ?? null });
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

export function useUploadUi(): UploadUi {
  return useSyncExternalStore(subscribe, () => ui);
}

export function useUploads(): {
  manager: UploadManager | null;
  openPanel: typeof openUploadPanel;
  offer: PanelRequest | null;
} {
  const { manager, offer } = useUploadUi();
  return { manager, openPanel: openUploadPanel, offer };
}

const EMPTY: UploadSnapshot = {
  items: [],
  uploading: false,
  speed: 0,
  remaining: null,
  trouble: null,
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
export function useQueuedUpload(iSlideDocumentId: number): QueueItem | undefined {
  const { items } = useUploadSnapshot();
  return items.find((item) => item.iSlideDocumentId === iSlideDocumentId && statusOf(item) === 0);
}
