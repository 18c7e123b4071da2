import { describe, expect, it } from 'vitest';
import type { UserDto } from '@pathconsult/shared';
import { mayStoreUserInfo } from './user-info';

const userOf = (iUserId: number) => ({ iUserId }) as UserDto;

describe('mayStoreUserInfo', () => {
  it('stores the answer while the dialog is open and it is the session user', () => {
    expect(mayStoreUserInfo({ open: true, sessionUserId: 7, fetched: userOf(7) })).toBe(true);
  });

  it('never stores another user over the session user (cached answer of an earlier session)', () => {
    expect(mayStoreUserInfo({ open: true, sessionUserId: 7, fetched: userOf(1) })).toBe(false);
  });

  it('stores nothing while the dialog is closed', () => {
    expect(mayStoreUserInfo({ open: false, sessionUserId: 7, fetched: userOf(7) })).toBe(false);
  });

  it('stores nothing without an answer or without a session', () => {
    expect(mayStoreUserInfo({ open: true, sessionUserId: 7, fetched: undefined })).toBe(false);
    expect(mayStoreUserInfo({ open: true, sessionUserId: null, fetched: userOf(7) })).toBe(false);
  });
});
