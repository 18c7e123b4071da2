import { SlideUploadState, type SlideDocumentDto } from '@pathconsult/shared';
import type { ItemReason, QueueItem } from '@/features/slide-upload/utils/queue';
import { percentOfUpload } from './slide-progress';

export type UploadStateSlide = Pick<
  SlideDocumentDto,
  | 'iSlideDocumentId'
  | 'ddUploadState'
  | 'bStalled'
  | 'lSize'
  | 'lProgress'
  | 'strFailReason'
  | 'iWidth'
>;

/** How a slide's upload state reads in a list: which words, colour and explanation. */
export interface UploadStateView {
  /** Key under `uploadStateTag` in the slides namespace. */
  label:
    | 'uploading'
    | 'waiting'
    | 'paused'
    | 'pausing'
    | 'interrupted'
    | 'processing'
    | 'uploaded'
    | 'failed'
    | 'unknown';
  color: 'processing' | 'default' | 'warning' | 'success' | 'error';
  /** Percent received, for the states that show it. */
  percent: number | null;
  /**
   * Key of the explanation under `uploadHint` (with why the queue paused it, when it paused by
   * itself), or the server's failure reason as it is.
   */
  hint:
    | {
        key: 'paused' | 'needsFiles' | 'interrupted' | 'givenUp' | 'processing';
        reason?: ItemReason;
      }
    | { text: string }
    | null;
}

/**
 * What the server says of a slide, refined by this browser's upload queue: the queue knows at
 * once that an upload is paused or waits for its files after a reload, while the server only
 * notices minutes later that no chunk arrives (bStalled), for uploads of other browsers too.
 */
export function uploadStateView(
  slide: UploadStateSlide,
  queued:
    | (Pick<QueueItem, 'state' | 'lProgress' | 'bNeedsFiles'> &
        Partial<Pick<QueueItem, 'reason'>> & {
          /** Paused, its chunks on the wire still let finish (the queue says "Pausing…"). */
          bPausing?: boolean;
        })
    | undefined,
): UploadStateView {
  const state = slide.ddUploadState.iNumber;
  if (state === SlideUploadState.Uploaded && slide.iWidth == null) {
    // Received whole; the slide engine has yet to read it (its size comes with that reading).
    return { label: 'processing', color: 'processing', percent: null, hint: { key: 'processing' } };
  }
  if (state === SlideUploadState.Uploaded) {
    return { label: 'uploaded', color: 'success', percent: null, hint: null };
  }
  if (state === SlideUploadState.Failed) {
    const hint = slide.strFailReason ? { text: slide.strFailReason } : null;
    return { label: 'failed', color: 'error', percent: null, hint };
  }
  if (state !== SlideUploadState.Uploading) {
    return { label: 'unknown', color: 'default', percent: null, hint: null };
  }
  const received = Math.max(slide.lProgress, queued?.lProgress ?? 0);
  const percent = percentOfUpload(received, slide.lSize);
  switch (queued?.state) {
    case 'uploading':
      return { label: 'uploading', color: 'processing', percent, hint: null };
    case 'waiting':
      return { label: 'waiting', color: 'default', percent, hint: null };
    case 'paused': {
      if (queued.bPausing) {
        return { label: 'pausing', color: 'warning', percent, hint: { key: 'paused' } };
      }
      const key = queued.bNeedsFiles ? 'needsFiles' : 'paused';
      // Paused by itself (storage used up, the network, an unreadable file): the list says why.
      const reason = queued.reason ? { reason: queued.reason } : {};
      return { label: 'paused', color: 'warning', percent, hint: { key, ...reason } };
    }
    case 'failed': {
      if (slide.lProgress > queued.lProgress) {
        // Sent on since, from another browser or computer: the server's word holds.
        return serverView(slide, percent);
      }
      // Given up by this browser's queue (the list says why): nobody sends it any more, though
      // the server has yet to notice the silence.
      const reason = queued.reason ? { reason: queued.reason } : {};
      return {
        label: 'interrupted',
        color: 'warning',
        percent,
        hint: { key: 'givenUp', ...reason },
      };
    }
    default:
      return serverView(slide, percent);
  }
}

/** An unfinished upload as the server has it: being sent, or interrupted (no data for minutes). */
function serverView(slide: UploadStateSlide, percent: number | null): UploadStateView {
  return slide.bStalled
    ? { label: 'interrupted', color: 'warning', percent, hint: { key: 'interrupted' } }
    : { label: 'uploading', color: 'processing', percent, hint: null };
}
