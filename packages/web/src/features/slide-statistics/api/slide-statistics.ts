import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { SlideStatisticsReport, SlideStatisticsReportQuery } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';

/** slideDocument/statisticsSlideReport for the statistics screen; the last answer stays shown
 * while another period or hospital loads. */
export function useSlideStatisticsReport(q: SlideStatisticsReportQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['slides', 'statisticsReport', iUserId, q],
    queryFn: ({ signal }) =>
      api.get<SlideStatisticsReport>('slideDocument/statisticsSlideReport', {
        query: q,
        signal,
      }),
    enabled: iUserId !== null,
    placeholderData: keepPreviousData,
  });
}
