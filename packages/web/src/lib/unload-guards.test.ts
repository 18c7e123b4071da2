import { describe, expect, it } from 'vitest';
import { addUnloadGuard, pageIsBusy } from './unload-guards';

describe('unload guards', () => {
  it('say the page is busy while any registered check says so, until removed', () => {
    expect(pageIsBusy()).toBe(false);
    let uploading = true;
    const remove = addUnloadGuard(() => uploading);
    const other = addUnloadGuard(() => false);
    expect(pageIsBusy()).toBe(true);
    uploading = false;
    expect(pageIsBusy()).toBe(false);
    uploading = true;
    remove();
    expect(pageIsBusy()).toBe(false);
    other();
  });
});
