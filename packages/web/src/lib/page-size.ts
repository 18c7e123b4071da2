import { pageSizeForScreen, PAGE_SIZE_OPTIONS } from '@pathconsult/shared';

/**
 * localStorage key of the page size last picked in any list: spec §9 wants the lists' default
 * "from a stored setting", so a size picked once holds for every list on later visits.
 */
export const PAGE_SIZE_KEY = 'pageSize';

/**
 * Default page size of list screens by the screen's device-pixel width (spec §9): a 4K screen
 * shows more rows than a laptop.
 */
export function screenPageSize(): number {
  return pageSizeForScreen(window.screen.width * (window.devicePixelRatio || 1));
}

/**
 * The stored page size, or null when none is stored or it is not one of the offered sizes: a
 * hand-edited value or an option since dropped must not put a size the changer cannot show
 * on screen.
 */
export function storedPageSize(): number | null {
  try {
    const raw = localStorage.getItem(PAGE_SIZE_KEY);
    return PAGE_SIZE_OPTIONS.find((size) => String(size) === raw) ?? null;
  } catch {
    // No storage (private mode, storage blocked): reading it throws.
    return null;
  }
}

/** Page size a list starts with: the one picked last, else the screen's (spec §9). */
export function defaultPageSize(): number {
  return storedPageSize() ?? screenPageSize();
}

/**
 * Keeps a page size the user picked as the default of every list. Sizes other than the offered
 * ones (a changer with antd's own options) are not kept, so they cannot replace a good stored
 * one; without storage the pick lasts only while this list is open.
 */
export function rememberPageSize(size: number): void {
  if (!PAGE_SIZE_OPTIONS.some((option) => option === size)) {
    return;
  }
  try {
    localStorage.setItem(PAGE_SIZE_KEY, String(size));
  } catch {
    // Private mode or a full quota: nothing to do, the list still shows the picked size.
  }
}

/** The page size choices of spec §9, as antd's Pagination wants them. */
export const pageSizeOptions = PAGE_SIZE_OPTIONS.map(String);
