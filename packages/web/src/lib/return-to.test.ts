import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/test-support/memory-storage';
import { forgetReturnTo, rememberReturnTo, takeReturnTo } from './return-to';

describe('the screen to return to after logging in', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is taken once, with its query', () => {
    rememberReturnTo('/ShowSlide?id=12');
    expect(takeReturnTo()).toBe('/ShowSlide?id=12');
    expect(takeReturnTo()).toBeNull();
  });

  it('is never the login, the registration or the home page, nor another site', () => {
    for (const path of [
      '/login',
      '/login?lang=en',
      '/register',
      '/forget',
      '/workplace',
      '/',
      '//evil.example/x',
      'https://evil.example',
    ]) {
      rememberReturnTo(path);
      expect(takeReturnTo(), path).toBeNull();
    }
  });

  it('is forgotten on an explicit logout, and the screen left as it settles is not remembered', () => {
    vi.useFakeTimers();
    rememberReturnTo('/case/Imagery-info?iPatientId=3');
    forgetReturnTo();
    rememberReturnTo('/case/Imagery-info?iPatientId=3');
    expect(takeReturnTo()).toBeNull();
    // A link opened later, logged out, is remembered.
    vi.advanceTimersByTime(5_000);
    rememberReturnTo('/ShowSlide?id=4');
    expect(takeReturnTo()).toBe('/ShowSlide?id=4');
    vi.useRealTimers();
  });
});
