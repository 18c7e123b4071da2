import { onlineManager, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CloseSlideInput, SlideInfoDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/use-session';

/** Renew the tile token this long before it expires (it lasts two hours). */
const TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * diagnosis/GetSlideInfo: the slide's facts, a tile token and where the user left it. Fetched
 * again shortly before the token expires, so a viewer left open keeps loading tiles.
 */
export function useSlideInfo(iSlideDocumentId: number) {
  const { iUserId } = useSession();
  return useQuery(slideInfoQuery(iUserId, iSlideDocumentId));
}

/**
 * A cached answer older than this is asked for again before a viewer opens from it: the last view
 * is kept per user, and another computer may have moved it since (an answer stays cached five
 * minutes after its viewer closes, and as long as the page while one shows it, its token renewed
 * every two hours). Younger, it is this page's own (closing a viewer writes its view into that
 * slide's cached answer), and the slide opens at once.
 */
const LAST_VIEW_FRESH_MS = 30_000;

/** How long a viewer waits for that answer before it opens from the cached one (a slow link). */
const RECHECK_WAIT_MS = 3_000;

/**
 * useSlideInfo for a viewer about to open: `waiting` while a cached answer older than
 * LAST_VIEW_FRESH_MS is asked for again, so that the viewer opens where the user last left the
 * slide, on whichever computer. Offline, or with no answer within RECHECK_WAIT_MS, or asking
 * failed: the cached answer does (the query would wait for the link to come back).
 */
export function useSlideInfoToOpen(iSlideDocumentId: number) {
  const info = useSlideInfo(iSlideDocumentId);
  const [recheck] = useState(
    () =>
      info.data !== undefined &&
      Date.now() - info.dataUpdatedAt > LAST_VIEW_FRESH_MS &&
      onlineManager.isOnline(),
  );
  const [rechecked, setRechecked] = useState(!recheck);
  const { refetch } = info;
  useEffect(() => {
    if (!recheck) {
      return;
    }
    let mounted = true;
    const done = () => {
      if (mounted) {
        setRechecked(true);
      }
    };
    const giveUp = window.setTimeout(done, RECHECK_WAIT_MS);
    void refetch().finally(done);
    return () => {
      mounted = false;
      window.clearTimeout(giveUp);
    };
  }, [recheck, refetch]);
  return { info, waiting: !rechecked };
}

/**
 * The facts of several slides shown together (side by side), from the same cache as each pane's
 * useSlideInfo: no request of their own.
 */
export function useSlidesInfo(ids: readonly number[]): Array<SlideInfoDto | undefined> {
  const { iUserId } = useSession();
  return useQueries({
    queries: ids.map((id) => slideInfoQuery(iUserId, id)),
    combine: (results) => results.map((r) => r.data),
  });
}

/** Per id: whether its slide info was refused (a slide gone, another hospital's, not ready). */
export function useSlidesInfoFailed(ids: readonly number[]): boolean[] {
  const { iUserId } = useSession();
  return useQueries({
    queries: ids.map((id) => slideInfoQuery(iUserId, id)),
    combine: (results) => results.map((r) => r.isError),
  });
}

/**
 * The server's own "not found" (its code, not any 404: a proxy's page during a deployment has
 * none, and must not take an open viewer away).
 */
export function isGoneAnswer(error: unknown): boolean {
  return (
    error instanceof ApiError && error.httpStatus === 404 && error.strErrorCode === 'NOT_FOUND'
  );
}

/**
 * A change to an open slide's annotations or screenshots answered 404: the slide was deleted, or
 * its case was withdrawn from this reader, while it was open (the API client shows nothing of a
 * 404). The open slides' facts are asked for again: a slide now gone shows the viewer's "does not
 * exist" screen (slide-pane.tsx) instead of tools that silently do nothing; the others only take
 * the fresh facts, as at a token renewal.
 */
export function recheckOpenSlidesAfter(error: ApiError): void {
  if (isGoneAnswer(error)) {
    void queryClient.invalidateQueries({ queryKey: ['slideInfo'] });
  }
}

function slideInfoQuery(iUserId: number | null, iSlideDocumentId: number) {
  return queryOptions({
    queryKey: ['slideInfo', iUserId, iSlideDocumentId],
    queryFn: ({ signal }) =>
      api.get<SlideInfoDto>('diagnosis/GetSlideInfo', { query: { iSlideDocumentId }, signal }),
    enabled: iUserId !== null && iSlideDocumentId > 0,
    staleTime: Infinity,
    // Errors (a slide not ready, gone) are shown by the pane; no retries of a 404.
    retry: false,
    // Also in a tab in the background: a viewer left behind another tab for the afternoon must
    // come back to tiles that load.
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const expire = query.state.data?.objToken.dtExpire;
      return expire ? Math.max(60_000, Date.parse(expire) - Date.now() - TOKEN_MARGIN_MS) : false;
    },
  });
}

/**
 * webViewer/slideViewer/closeSlide: keeps where the user left the slide, for the next opening.
 * Sent as the viewer closes, possibly while the page unloads (keepalive); never shown as failed.
 */
export function saveLastView(input: CloseSlideInput): void {
  // The slide's facts stay cached while the app runs: opening it again in this page must start
  // from this view, not from the one it was first opened with. Not those of a slide found gone
  // (its query failed with a 404): written over, they cleared the error, and the viewer came back
  // over its "does not exist" screen. Only this slide's answers are written: writing marks an
  // answer as just fetched, and the other slides' would then open from a last view that another
  // computer may have moved (useSlideInfoToOpen).
  queryClient.setQueriesData<SlideInfoDto>(
    {
      queryKey: ['slideInfo'],
      predicate: (query) =>
        query.queryKey[2] === input.iSlideDocumentId && !isGoneAnswer(query.state.error),
    },
    (cached) => (cached ? { ...cached, objLastView: input.objView } : cached),
  );
  void api
    .post('webViewer/slideViewer/closeSlide', input, { handleFailure: true, keepalive: true })
    .catch(() => undefined);
}
