import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlideInfoDto, SlideViewState } from '@pathconsult/shared';

vi.mock('@/lib/api-client', () => ({ api: { post: vi.fn(() => Promise.resolve({})) } }));
vi.mock('@/lib/use-session', () => ({ useSession: () => ({ iUserId: 7 }) }));

const { queryClient } = await import('@/lib/query-client');
const { saveLastView } = await import('./slide-info');

const VIEW: SlideViewState = {
  dCenterX: 100,
  dCenterY: 200,
  dImageZoom: 0.5,
  iRotation: 0,
  bFlip: false,
  bWholeSlide: false,
};

function cached(id: number): SlideInfoDto {
  return { objSlide: { iSlideDocumentId: id }, objLastView: null } as unknown as SlideInfoDto;
}

describe('saveLastView', () => {
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  it('writes the view into the closed slide’s cached answer only, leaving the others’ age', () => {
    vi.useFakeTimers({ now: new Date('2026-12-04T10:00:00Z') });
    queryClient.setQueryData(['slideInfo', 7, 1], cached(1));
    queryClient.setQueryData(['slideInfo', 7, 2], cached(2));
    const fetchedAt = queryClient.getQueryState(['slideInfo', 7, 2])!.dataUpdatedAt;
    vi.setSystemTime(new Date('2026-12-04T10:02:00Z'));

    saveLastView({ iSlideDocumentId: 1, objView: VIEW });

    expect(queryClient.getQueryData<SlideInfoDto>(['slideInfo', 7, 1])!.objLastView).toEqual(VIEW);
    // The other slide's answer is still two minutes old: opened, it is asked for again (another
    // computer may have moved its last view), not taken as this page's own.
    expect(queryClient.getQueryData<SlideInfoDto>(['slideInfo', 7, 2])!.objLastView).toBeNull();
    expect(queryClient.getQueryState(['slideInfo', 7, 2])!.dataUpdatedAt).toBe(fetchedAt);
  });
});
