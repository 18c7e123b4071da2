import type { AnnotationDto, AnnotationUpdateInput } from '@pathconsult/shared';

/*
 * The changes Ctrl+Z takes back in the viewer (use-annotation-undo.ts), and what taking each
 * back sends: kept apart from the key's hook so that they are tested without a page.
 */

/** One change of the caller's own that Ctrl+Z takes back. */
export type UndoableChange =
  /** Drawn: taken back by deleting it (it was the last change, no question asked). */
  | { kind: 'add'; iAnnotationId: number }
  /** Reshaped or moved: taken back by saving its points from before. */
  | { kind: 'reshape'; iAnnotationId: number; before: AnnotationDto['listPoint'] }
  /** Renamed or recoloured: taken back by saving its label and colour from before. */
  | { kind: 'edit'; iAnnotationId: number; before: Pick<AnnotationDto, 'strColor' | 'strText'> }
  /** Deleted (after its question): taken back by the server's restoring it (same id, same place). */
  | { kind: 'delete'; before: AnnotationDto };

/** Records a change for Ctrl+Z once the server has it (the list's edit and delete). */
export type RecordChange = (change: UndoableChange) => void;

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

/**
 * The last change Ctrl+Z can take back, popped from `changes` with those passed over: a change
 * to an annotation gone since (deleted elsewhere) or not the caller's to change. A deletion is
 * taken back while the caller may draw.
 */
export function nextUndo(
  changes: UndoableChange[],
  mayWrite: boolean,
  mine: (id: number) => AnnotationDto | null,
): UndoableChange | undefined {
  let change = changes.pop();
  while (change && !(mayWrite && (change.kind === 'delete' || mine(change.iAnnotationId)))) {
    change = changes.pop();
  }
  return change;
}
