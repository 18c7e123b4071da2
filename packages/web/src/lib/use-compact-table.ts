import { useMediaQuery } from './use-media-query';

/**
 * Below antd's xl breakpoint (1200 px): a phone, a tablet, a small laptop with the menu open.
 * There a slide table's columns no longer fit beside the menu, and its fixed actions covered the
 * columns before them or left them a sideways scroll away.
 */
const COMPACT_TABLE_QUERY = '(max-width: 1199.98px)';

/**
 * Whether a slide table (a case's Slide files, the slide lists) lays its rows out for a narrow
 * window: the facts and actions under the file name instead of in columns of their own. Followed
 * as the window changes; measured from the first render, so a phone never shows the wide table.
 */
export function useCompactTable(): boolean {
  return useMediaQuery(COMPACT_TABLE_QUERY);
}
