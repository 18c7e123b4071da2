import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE_KEY } from '@/lib/page-size';
import { memoryStorage } from '@/test-support/memory-storage';
import { usePaging, type Paging } from './list-state';

/** usePaging as a list screen starts it (rendered to a string: the web tests have no DOM). */
function startPaging(): Paging {
  let paging: Paging | undefined;
  function List() {
    paging = usePaging();
    return null;
  }
  renderToString(createElement(List));
  return paging!;
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  vi.stubGlobal('window', { screen: { width: 1920 }, devicePixelRatio: 1 });
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('page size of a list screen', () => {
  it('starts at the size picked last in any list, else at the screen one', () => {
    expect(startPaging().page).toEqual({ iCurPage: 1, iPageSize: 10 });
    storage.data.set(PAGE_SIZE_KEY, '20');
    expect(startPaging().page).toEqual({ iCurPage: 1, iPageSize: 20 });
  });

  it('remembers a new size picked, not a page turned at the size shown', () => {
    const paging = startPaging();
    paging.onPageChange(2, 10);
    expect(storage.data.has(PAGE_SIZE_KEY)).toBe(false);
    paging.onPageChange(1, 30);
    expect(storage.data.get(PAGE_SIZE_KEY)).toBe('30');
    expect(startPaging().page.iPageSize).toBe(30);
  });
});
