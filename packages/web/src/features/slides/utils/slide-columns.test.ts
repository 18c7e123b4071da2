import { describe, expect, it } from 'vitest';
import { slideColumns } from './slide-columns';

describe('a slide list’s columns', () => {
  it('give each group of facts its column when wide, the actions last', () => {
    for (const mode of ['doctor', 'admin'] as const) {
      expect(slideColumns(mode, false)).toEqual([
        'thumbnail',
        'name',
        'number',
        'size',
        'state',
        'uploaded',
        'actions',
      ]);
    }
  });

  it('lead the removal log with when and by whom', () => {
    expect(slideColumns('removed', false)).toEqual([
      'name',
      'number',
      'removed',
      'remover',
      'size',
      'uploaded',
    ]);
  });

  it('put every fact and action under the name when narrow: no column a sideways scroll away', () => {
    expect(slideColumns('doctor', true)).toEqual(['thumbnail', 'name']);
    expect(slideColumns('admin', true)).toEqual(['thumbnail', 'name']);
    expect(slideColumns('removed', true)).toEqual(['name']);
  });
});
