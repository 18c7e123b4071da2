import { pageSizeForScreen, PAGE_SIZE_OPTIONS } from '@pathconsult/shared';

/**
 * Default page size of list screens by the screen's device-pixel width (spec §9): a 4K screen
 * shows more rows than a laptop.
 */
export function screenPageSize(): number {
  return pageSizeForScreen(window.screen.width * (window.devicePixelRatio || 1));
}

/** The page size choices of spec §9, as antd's Pagination wants them. */
export const pageSizeOptions = PAGE_SIZE_OPTIONS.map(String);
