/** Slides shown side by side at most (the screen stays readable at four). */
export const MAX_SIDE_BY_SIDE = 4;

/**
 * The slides of /ShowSlide?id=12,15: positive integer ids, each once, in order, at most four.
 * Anything else in the parameter is ignored rather than shown as an error.
 */
export function parseSlideIds(param: string | null): number[] {
  const ids: number[] = [];
  for (const part of (param ?? '').split(',')) {
    const id = Number(part.trim());
    if (/^\d+$/.test(part.trim()) && Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) {
      ids.push(id);
    }
  }
  return ids.slice(0, MAX_SIDE_BY_SIDE);
}

export function slideIdsParam(ids: readonly number[]): string {
  return ids.slice(0, MAX_SIDE_BY_SIDE).join(',');
}
