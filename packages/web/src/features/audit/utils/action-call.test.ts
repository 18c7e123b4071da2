import { describe, expect, it } from 'vitest';
import { actionCallOf } from './action-call';

const named = {
  'user/login': 'Log in',
  'slideDocument/deleteSlideDocument': '删除切片',
};

describe('actionCallOf', () => {
  it('turns a readable name typed in full into its call', () => {
    expect(actionCallOf('删除切片', named)).toBe('slideDocument/deleteSlideDocument');
    expect(actionCallOf('  log IN ', named)).toBe('user/login');
  });

  it('leaves a call, its beginning, a part of a name and nothing as they are', () => {
    expect(actionCallOf('user/', named)).toBe('user/');
    expect(actionCallOf('slideDocument/deleteSlideDocument', named)).toBe(
      'slideDocument/deleteSlideDocument',
    );
    expect(actionCallOf('删除', named)).toBe('删除');
    expect(actionCallOf(undefined, named)).toBeUndefined();
    expect(actionCallOf('', named)).toBe('');
  });
});
