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

/** What the undo key needs from the slide's annotation tools. */
export interface UndoTarget {
  annotations: readonly AnnotationDto[] | undefined;
  mayWrite: boolean;
  /**
   * Why Ctrl+Z waits now, or null: a save still on its way (an undo sent beside it could be
   * overtaken by it, or undo the wrong change), or a shape under the user's hands (being drawn,
   * a handle dragged) or out of sight (the layer hidden).
   */
  blocked: () => 'saving' | 'drawing' | 'hidden' | null;
  remove: (iAnnotationId: number) => Promise<unknown>;
  reshape: (input: AnnotationUpdateInput) => Promise<unknown>;
}

/**
 * Ctrl+Z (⌘Z on a Mac) takes back the caller's last drawing, reshape or move on this slide, the
 * last first: a corner dragged the wrong way, or a shape drawn by a slip, without the delete
 * question. A change is recorded once the server has it (`record`), and forgotten if the server
 * refused it (`forget`). A change whose annotation is gone since (deleted here or elsewhere) or
 * no longer the caller's to change (the case returned) is passed over. Deletions are not taken
 * back: they are asked about first. Not while typing or under a dialog.
 */
export function useAnnotationUndo(target: UndoTarget): {
  record: (change: UndoableChange) => void;
  forget: (change: UndoableChange) => void;
} {
  const { t } = useTranslation('annotations');
  const changes = useRef<UndoableChange[]>([]);
  const record = useCallback((change: UndoableChange) => {
    changes.current.push(change);
    if (changes.current.length > UNDO_DEPTH) {
      changes.current.shift();
    }
  }, []);
  const forget = useCallback((change: UndoableChange) => {
    changes.current = changes.current.filter((c) => c !== change);
  }, []);
  // Read when the key is pressed: the list and the saves under way change between renders.
  const latest = useRef(target);
  latest.current = target;

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
      const { annotations, mayWrite, blocked, remove, reshape } = latest.current;
      const why = blocked();
      if (why !== null) {
        toastWarning(t(`undo.${why}`));
        return;
      }
      const mine = (id: number) =>
        annotations?.find((a) => a.iAnnotationId === id && a.bMine) ?? null;
      let change = changes.current.pop();
      while (change && !(mayWrite && mine(change.iAnnotationId))) {
        change = changes.current.pop();
      }
      const shape = change && mine(change.iAnnotationId);
      if (!change || !shape) {
        toastWarning(t('undo.nothing'));
        return;
      }
      // Said once the server has it; a refusal is shown by the API client, and the change is
      // gone from the stack either way (sent again, it would be refused again).
      if (change.kind === 'add') {
        void remove(change.iAnnotationId).then(
          () => toastSuccess(t('undo.added')),
          () => undefined,
        );
      } else {
        void reshape(withPoints(shape, change.before)).then(
          () => toastSuccess(t('undo.reshaped')),
          () => undefined,
        );
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [t]);

  return { record, forget };
}
