import type { AnnotationDto } from '@pathconsult/shared';
import { describe, expect, it } from 'vitest';
import { nextUndo, withPoints, type UndoableChange } from './undo-changes';

function annotation(iAnnotationId: number, over: Partial<AnnotationDto> = {}): AnnotationDto {
  return {
    iAnnotationId,
    iSlideDocumentId: 7,
    strKind: 'rectangle',
    strColor: '#1f5cff',
    strText: null,
    listPoint: [
      [10, 10],
      [20, 20],
    ],
    author: { iUserId: 1, strRealName: 'Dr Li' },
    bMine: true,
    dtCreateTime: '2026-12-02T10:00:00.000Z',
    dtUpdateTime: '2026-12-02T10:00:00.000Z',
    ...over,
  };
}

describe('nextUndo', () => {
  const shown = [annotation(1), annotation(2, { strKind: 'text', strText: 'mitosis' })];
  const mine = (id: number) => shown.find((a) => a.iAnnotationId === id) ?? null;

  it('takes back a deletion made after a drawing, not the drawing before it', () => {
    // The walk: a note drawn, then another shape deleted; Ctrl+Z deleted the note.
    const changes: UndoableChange[] = [
      { kind: 'add', iAnnotationId: 2 },
      { kind: 'delete', before: annotation(3, { strKind: 'ellipse' }) },
    ];
    expect(nextUndo(changes, true, mine)).toEqual({
      kind: 'delete',
      before: annotation(3, { strKind: 'ellipse' }),
    });
    expect(changes).toEqual([{ kind: 'add', iAnnotationId: 2 }]);
  });

  it('takes back an edit as the last change', () => {
    const edit: UndoableChange = {
      kind: 'edit',
      iAnnotationId: 1,
      before: { strColor: '#e5002b', strText: null },
    };
    const changes: UndoableChange[] = [{ kind: 'add', iAnnotationId: 2 }, edit];
    expect(nextUndo(changes, true, mine)).toBe(edit);
  });

  it('passes over changes to annotations gone or not the caller’s, and takes nothing read-only', () => {
    const changes: UndoableChange[] = [
      { kind: 'add', iAnnotationId: 1 },
      { kind: 'reshape', iAnnotationId: 9, before: [[0, 0]] },
    ];
    expect(nextUndo([...changes], false, mine)).toBeUndefined();
    expect(nextUndo(changes, true, mine)).toEqual({ kind: 'add', iAnnotationId: 1 });
    expect(changes).toEqual([]);
    expect(nextUndo([{ kind: 'delete', before: annotation(3) }], false, mine)).toBeUndefined();
  });
});

describe('what taking a change back sends', () => {
  it('gives back a former name and colour with the points it has now', () => {
    const now = annotation(1, { strText: 'focus A', strColor: '#e5002b' });
    expect(withPoints({ ...now, strColor: '#1f5cff', strText: null }, now.listPoint)).toEqual({
      iAnnotationId: 1,
      strKind: 'rectangle',
      strColor: '#1f5cff',
      listPoint: now.listPoint,
    });
  });
});
