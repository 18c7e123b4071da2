import { describe, expect, it } from 'vitest';
import { unfinishedToChoose } from './unfinished-to-choose';
import type { UnfinishedUpload } from './upload-checks';

const upload = (id: number, user: number): UnfinishedUpload => ({
  iSlideDocumentId: id,
  names: [`s${id}.svs`],
  strOriginalName: `s${id}.svs`,
  lSize: 100,
  lProgress: 50,
  iFileCount: 1,
  iUploadUserId: user,
});

describe('the unfinished uploads the upload panel asks to choose again', () => {
  const list = [upload(1, 7), upload(2, 8), upload(3, 7)];

  it('are the caller’s own, not a colleague’s', () => {
    expect(unfinishedToChoose(list, 7, new Set()).map((u) => u.iSlideDocumentId)).toEqual([1, 3]);
    expect(unfinishedToChoose(list, undefined, new Set())).toEqual([]);
  });

  it('leave out those the queue holds or held while the panel was open (finished, cleared)', () => {
    expect(unfinishedToChoose(list, 7, new Set([3, null])).map((u) => u.iSlideDocumentId)).toEqual([
      1,
    ]);
  });

  it('are none without a list', () => {
    expect(unfinishedToChoose(undefined, 7, new Set())).toEqual([]);
  });
});
