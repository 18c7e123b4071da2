import type { SlideListMode } from './slide-actions';

/**
 * The columns the server sorts by (SlideSort's keys): name, pathology number, size, and time
 * (of upload, or of removal in the removal log).
 */
export type SlideSortColumn = 'name' | 'num' | 'size' | 'time';

/** The columns a slide list may show. */
export type SlideColumn =
  | 'thumbnail'
  | 'name'
  | 'number'
  | 'size'
  | 'state'
  | 'uploaded'
  | 'removed'
  | 'remover'
  | 'actions';

/**
 * A slide list's columns, in order. Wide, related facts share a column (number and case, size and
 * format, upload time and uploader) and the actions stay fixed on the right; the removal log leads
 * with when and by whom, and leaves out what a removed slide no longer has (thumbnail, state,
 * actions). Narrow (lib/use-compact-table.ts), a phone showed only the thumbnail and the name, the
 * rest a sideways scroll away with nothing saying so: only those two keep a column, and the
 * number, state, facts and actions go under the name, so that the table fits the screen.
 */
export function slideColumns(mode: SlideListMode, compact: boolean): SlideColumn[] {
  if (mode === 'removed') {
    return compact ? ['name'] : ['name', 'number', 'removed', 'remover', 'size', 'uploaded'];
  }
  return compact
    ? ['thumbnail', 'name']
    : ['thumbnail', 'name', 'number', 'size', 'state', 'uploaded', 'actions'];
}
