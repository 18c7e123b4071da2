import { useState } from 'react';
import { screenPageSize } from '@/lib/page-size';

/**
 * Paging state of a list screen: page size by screen width (spec §9), back to page 1 when the
 * size or the filters change, and the last answer kept on screen while the next one loads so
 * the table does not flash empty.
 */
export function usePaging() {
  const [page, setPage] = useState({ iCurPage: 1, iPageSize: screenPageSize() });
  return {
    page,
    toFirstPage: () => setPage((p) => ({ ...p, iCurPage: 1 })),
    onPageChange: (iCurPage: number, iPageSize: number) =>
      setPage((p) => ({ iCurPage: iPageSize === p.iPageSize ? iCurPage : 1, iPageSize })),
  };
}

/** The latest answer, or the previous one while a new page is on its way. */
export function useLastData<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) {
    setLast(data);
  }
  return data ?? last;
}
