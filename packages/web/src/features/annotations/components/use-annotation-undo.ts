import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationDto, AnnotationUpdateInput } from '@pathconsult/shared';
import { isTyping } from '@/lib/is-typing';
import { modalAbove } from '@/lib/modal-above';
import { toastSuccess, toastWarning } from '@/lib/toast';

/** One change of the caller's own that Ctrl+Z takes back. */
export type UndoableChange =
  /** Drawn: taken back by deleting it (it was just made, no question asked). */
  | { kind: 'add'; iAnnotationId: number }
  /** Reshaped or moved: taken back by saving its points from before. */
  | { kind: 'reshape'; iAnnotationId: number; before: AnnotationDto['listPoint'] };

/** The update that gives `shape` these points, all else kept. */
export function withPoints(
  shape: Pick<AnnotationDto, 'iAnnotationId' | 'strKind' | 'strColor' | 'strText'>,
  listPoint: AnnotationDto['listPoint'],
): AnnotationUpdateInput {
  return {
    iAnnotationId: shape.iAnnotationId,
    strKind: shape.strKind,
    strColor: shape.strColor,
    ...(shape.strText ? { strText: shape.strText } : {}),
    listPoint,
  };
}

/** Changes kept for taking back, per slide (a pathologist undoes the last few slips, not a day). */
export const UNDO_DEPTH = 20;

/**
 * Ctrl+Z (⌘Z on a Mac) takes back the caller's last drawing, reshape or move on this slide, the
 * last first: a corner dragged the wrong way, or a shape drawn by a slip, without the delete
 * question. A change whose annotation is gone since (deleted here or elsewhere) or no longer the
 * caller's to change (the case returned) is passed over. Deletions are not taken back: they are
 * asked about first. Not while typing or under a dialog.
 */
export function useAnnotationUndo({
  annotations,
  mayWrite,
  remove,
  reshape,
}: {
  annotations: readonly AnnotationDto[] | undefined;
  mayWrite: boolean;
  remove: (iAnnotationId: number) => void;
  reshape: (input: AnnotationUpdateInput) => void;
}): (change: UndoableChange) => void {
  const { t } = useTranslation('annotations');
  const changes = useRef<UndoableChange[]>([]);
  const record = useCallback((change: UndoableChange) => {
    changes.current.push(change);
    if (changes.current.length > UNDO_DEPTH) {
      changes.current.shift();
    }
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key.toLowerCase() !== 'z' ||
        !(e.ctrlKey || e.metaKey) ||
        e.shiftKey ||
        e.altKey ||
        e.defaultPrevented ||
        isTyping(e.target) ||
        modalAbove()
      ) {
        return;
      }
      e.preventDefault();
      const mine = (id: number) =>
        annotations?.find((a) => a.iAnnotationId === id && a.bMine) ?? null;
      let change = changes.current.pop();
      while (change && !(mayWrite && mine(change.iAnnotationId))) {
        change = changes.current.pop();
      }
      if (!change) {
        toastWarning(t('undo.nothing'));
        return;
      }
      const shape = mine(change.iAnnotationId);
      if (change.kind === 'add') {
        remove(change.iAnnotationId);
        toastSuccess(t('undo.added'));
      } else if (shape) {
        reshape(withPoints(shape, change.before));
        toastSuccess(t('undo.reshaped'));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [annotations, mayWrite, remove, reshape, t]);

  return record;
}
