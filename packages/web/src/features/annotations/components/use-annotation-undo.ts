import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationDto, AnnotationUpdateInput } from '@pathconsult/shared';
import { isTyping } from '@/lib/is-typing';
import { modalAbove } from '@/lib/modal-above';
import { toastSuccess, toastWarning } from '@/lib/toast';
import { nextUndo, withPoints, type UndoableChange } from '../utils/undo-changes';

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
  update: (input: AnnotationUpdateInput) => Promise<unknown>;
  restore: (iAnnotationId: number) => Promise<unknown>;
  /** The annotation a Ctrl+Z brought back or changed, once the server has it. */
  onUndone: (iAnnotationId: number) => void;
}

/**
 * Ctrl+Z (⌘Z on a Mac) takes back the caller's last change on this slide, the last first: a
 * shape drawn by a slip (without the delete question), a corner dragged the wrong way, a name
 * or colour, a deletion (the server restores the same annotation, in its place among the
 * others). A change is recorded once the server has it (`record`), and forgotten if the server
 * refused it (`forget`). A change whose
 * annotation is gone since (deleted elsewhere) or no longer the caller's to change (the case
 * returned) is passed over. Deletions and edits were once left out, so Ctrl+Z after a deletion
 * reached back past it and deleted an older drawing. Not while typing or under a dialog.
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
      const { annotations, mayWrite, blocked, remove, reshape, update, restore, onUndone } =
        latest.current;
      const why = blocked();
      if (why !== null) {
        toastWarning(t(`undo.${why}`));
        return;
      }
      const mine = (id: number) =>
        annotations?.find((a) => a.iAnnotationId === id && a.bMine) ?? null;
      const change = nextUndo(changes.current, mayWrite, mine);
      const shape = change && change.kind !== 'delete' ? mine(change.iAnnotationId) : null;
      if (!change || (change.kind !== 'delete' && !shape)) {
        toastWarning(t('undo.nothing'));
        return;
      }
      // Said once the server has it; a refusal is shown by the API client, and the change is
      // gone from the stack either way (sent again, it would be refused again).
      const quiet = () => undefined;
      // Named by its kind: a label taken back by a second Ctrl+Z went by with a message that
      // did not say which annotation it was.
      const kind = t(`kinds.${change.kind === 'delete' ? change.before.strKind : shape!.strKind}`);
      if (change.kind === 'delete') {
        void restore(change.before.iAnnotationId).then(() => {
          toastSuccess(t('undo.deleted', { kind }));
          onUndone(change.before.iAnnotationId);
        }, quiet);
      } else if (change.kind === 'add') {
        void remove(change.iAnnotationId).then(
          () => toastSuccess(t('undo.added', { kind })),
          quiet,
        );
      } else if (change.kind === 'edit' && shape) {
        void update(withPoints({ ...shape, ...change.before }, shape.listPoint)).then(() => {
          toastSuccess(t('undo.edited', { kind }));
          onUndone(shape.iAnnotationId);
        }, quiet);
      } else if (change.kind === 'reshape' && shape) {
        void reshape(withPoints(shape, change.before)).then(() => {
          toastSuccess(t('undo.reshaped', { kind }));
          onUndone(shape.iAnnotationId);
        }, quiet);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [t]);

  return { record, forget };
}
