import { useCallback, useEffect, useRef, useState } from 'react';
import type { PagedRows } from '@/components/paged-table';
import { defaultPageSize, rememberPageSize } from '@/lib/page-size';

/**
 * Paging state of a list screen: page size the one last picked in any list, else by screen width
 * (spec §9), back to page 1 when the size or the filters change, and the last answer kept on
 * screen while the next one loads so the table does not flash empty.
 */
export function usePaging() {
  const [page, setPage] = useState(() => ({ iCurPage: 1, iPageSize: defaultPageSize() }));
  // The size on screen: antd reports page turns and size picks through the same onChange, and
  // useKeepPageInRange calls it too; only a new size is a pick worth remembering.
  const shownSize = useRef(page.iPageSize);
  const onPageChange = useCallback((iCurPage: number, iPageSize: number) => {
    if (iPageSize !== shownSize.current) {
      shownSize.current = iPageSize;
      rememberPageSize(iPageSize);
    }
    setPage((p) => ({ iCurPage: iPageSize === p.iPageSize ? iCurPage : 1, iPageSize }));
  }, []);
  return {
    page,
    toFirstPage: () => setPage((p) => ({ ...p, iCurPage: 1 })),
    onPageChange,
  };
}

export type Paging = ReturnType<typeof usePaging>;

/** The latest answer, or the previous one while a new page is on its way. */
export function useLastData<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) {
    setLast(data);
  }
  return data ?? last;
}

/**
 * A page that no longer exists (its last rows deleted or marked read, here or elsewhere) gives
 * way to the last page that does: the table said "no slides" under a total of 20, as if all
 * were gone. `total` is the latest answer's (undefined while none has come).
 */
export function useKeepPageInRange(total: number | undefined, paging: Paging): void {
  const { iCurPage, iPageSize } = paging.page;
  const lastPage = total === undefined ? null : Math.max(1, Math.ceil(total / iPageSize));
  const { onPageChange } = paging;
  useEffect(() => {
    if (lastPage !== null && iCurPage > lastPage) {
      onPageChange(lastPage, iPageSize);
    }
  }, [lastPage, iCurPage, iPageSize, onPageChange]);
}

/**
 * What a list screen passes to its paged table: the rows on screen (the last ones while the next
 * page loads), the paging, and whether the table should say the load failed.
 */
export function usePagedRows<Row>(
  query: {
    data: { listPage: Row[]; iTotalCount: number } | undefined;
    isFetching: boolean;
    isRefetching: boolean;
    isError: boolean;
  },
  paging: Paging,
): PagedRows<Row> {
  const shown = useLastData(query.data);
  useKeepPageInRange(query.data?.iTotalCount, paging);
  return {
    rows: shown?.listPage ?? [],
    total: shown?.iTotalCount ?? 0,
    page: paging.page.iCurPage,
    pageSize: paging.page.iPageSize,
    // A page, filter or size asked for spins; a refresh behind rows already shown (polling, a
    // change elsewhere) replaces them quietly.
    loading: query.isFetching && !query.isRefetching,
    failed: query.isError && !shown,
    onPageChange: paging.onPageChange,
  };
}
