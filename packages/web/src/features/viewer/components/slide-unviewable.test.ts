import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { hintOf } from './slide-unviewable';

const unfinished = (mine: number) =>
  new ApiError({
    strMessage: 'x',
    httpStatus: 200,
    strErrorCode: 'SLIDE_UPLOAD_UNFINISHED',
    errorParams: { mine },
  });

describe('hintOf', () => {
  it('tells the uploader to go on with an unfinished upload, anyone else to wait for it', () => {
    expect(hintOf(unfinished(1))).toBe('uploadUnfinishedHint');
    expect(hintOf(unfinished(0))).toBe('uploadUnfinishedOthersHint');
  });

  it('sends the uploader on a phone, which has no upload list, to a computer', () => {
    expect(hintOf(unfinished(1), true)).toBe('uploadUnfinishedPhoneHint');
    expect(hintOf(unfinished(0), true)).toBe('uploadUnfinishedOthersHint');
  });

  it('gives every other reason its own hint', () => {
    const of = (code: string) =>
      hintOf(new ApiError({ strMessage: 'x', httpStatus: 200, strErrorCode: code }));
    expect(of('SLIDE_NOT_READY')).toBe('notReadyHint');
    expect(of('SLIDE_READ_FAILED')).toBe('readFailedHint');
  });
});
