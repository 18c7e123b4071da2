import { describe, expect, it } from 'vitest';
import type { ReportDto } from '@pathconsult/shared';
import {
  currentVersions,
  expertReviewNotice,
  isReviewGone,
  reviewFilterQuery,
  reviewTagOf,
} from './review-state';

const version = (iVersion: number, review: number | null, iPatientReceiveId = 5): ReportDto =>
  ({
    iReportId: iPatientReceiveId * 100 + iVersion,
    iPatientReceiveId,
    iVersion,
    ddReviewState: review === null ? null : { iNumber: review },
    strReviewReason: review === 2 ? 'Grade missing' : '',
  }) as ReportDto;

describe('review before release', () => {
  it('tags pending, passed and rejected versions, and nothing for unreviewed ones', () => {
    expect(reviewTagOf(0)).toEqual({ state: 0, color: 'orange' });
    expect(reviewTagOf(1)).toEqual({ state: 1, color: 'green' });
    expect(reviewTagOf(2)).toEqual({ state: 2, color: 'red' });
    expect(reviewTagOf(null)).toBeNull();
    expect(reviewTagOf(undefined)).toBeNull();
    expect(reviewTagOf(7)).toBeNull();
  });

  it('takes the highest released version of each receive as its current one', () => {
    const current = currentVersions([
      version(3, 0),
      version(2, 1),
      version(1, null),
      version(2, 2, 6),
      version(1, null, 6),
      version(1, 2, 7),
    ]);
    expect(current.get(5)).toBe(2);
    expect(current.get(6)).toBe(1);
    // A receive whose only version was rejected has no current version.
    expect(current.has(7)).toBe(false);
  });

  it('tells the expert when their newest version waits for review or was rejected', () => {
    expect(expertReviewNotice([version(2, 0), version(1, 1)])?.kind).toBe('pending');
    const rejected = expertReviewNotice([version(2, 2), version(1, 1)]);
    expect(rejected?.kind).toBe('rejected');
    expect(rejected?.report.strReviewReason).toBe('Grade missing');
    expect(expertReviewNotice([version(2, 1), version(1, 2)])).toBeNull();
    expect(expertReviewNotice([version(1, null)])).toBeNull();
    expect(expertReviewNotice([])).toBeNull();
  });

  it('asks for one review state, or none for all of them', () => {
    expect(reviewFilterQuery(0)).toEqual({ ddReviewState: 0 });
    expect(reviewFilterQuery(2)).toEqual({ ddReviewState: 2 });
    expect(reviewFilterQuery('all')).toEqual({});
  });

  it("treats a version decided meanwhile or not the reviewer's as gone", () => {
    expect(isReviewGone({ strErrorCode: 'CASE_STATE_CHANGED', httpStatus: 200 })).toBe(true);
    expect(isReviewGone({ strErrorCode: 'NOT_FOUND', httpStatus: 404 })).toBe(true);
    expect(isReviewGone({ strErrorCode: 'VALIDATION', httpStatus: 400 })).toBe(false);
  });
});
