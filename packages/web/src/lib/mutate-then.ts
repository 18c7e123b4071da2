import type { ApiError } from './api-error';

/** The answers to one call, as `mutate(vars, { onSuccess, onError })` takes them. */
export interface MutateAnswers<R> {
  onSuccess?: (data: R) => void;
  onError?: (error: ApiError) => void;
}

/**
 * Runs a mutation through its promise and answers it there. Callbacks given to `mutate` are
 * dropped when the calling component has left the page by the time the call settles, and our
 * mutations settle only once their invalidation has refetched: a component that this refetch
 * removes or remounts (a form keyed by the saved time, a section shown only in some state) would
 * never say that the call succeeded. The promise settles whatever happens to the component. A
 * failure without `onError` is dropped, as `mutate` drops it (the API client showed it).
 */
export function mutateThen<V, R>(
  mutateAsync: (vars: V) => Promise<R>,
  vars: V,
  answers: MutateAnswers<R>,
): void {
  void mutateAsync(vars).then(answers.onSuccess, (error: ApiError) => answers.onError?.(error));
}
