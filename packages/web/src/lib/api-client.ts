import { ICode, Limits, SessionKey, type FieldError } from '@pathconsult/shared';
import { ApiError } from './api-error';
import type { ApiEnvelope } from './envelope';
import { httpErrorText } from './http-errors';
import { currentLang, i18next } from './i18n';
import { rememberReturnTo } from './return-to';
import { markSessionEnded } from './session-ended';
import { endSession } from './session-lifecycle';
import { toastError } from './toast';
import { idleSeconds } from './user-activity';

/**
 * The one way the web app calls the server (ARCHITECTURE "The API contract"): `/api` prefix,
 * `token` and `lang` headers, 60 s timeout, the `{ iCode, strMessage, objData }` envelope unwrapped,
 * and the HTTP error catalogue of spec §8 applied. Every failure is thrown as an ApiError.
 */

export { ApiError } from './api-error';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Cancels the call (TanStack Query passes one); a cancelled call shows nothing. */
  signal?: AbortSignal;
  /**
   * The caller shows business failures (iCode 1000) and field errors itself, e.g. the login form
   * puts them under the form. Transport failures (401, 403, 5xx, no answer) are still toasted.
   */
  handleFailure?: boolean;
  /**
   * A check the user did not ask for (made in the background): no failure is shown, the caller
   * decides what it means. A 401 still ends the session.
   */
  quiet?: boolean;
  /** The call outlives the page (sent while it closes: the slide viewer's last view). */
  keepalive?: boolean;
}

const t = (key: string) => i18next.t(key, { ns: 'errors' });

function urlOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  return `/api/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

async function readEnvelope(response: Response): Promise<ApiEnvelope | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'iCode' in body
      ? (body as ApiEnvelope)
      : null;
  } catch {
    return null;
  }
}

/**
 * Shows `hash` in place of the current screen, not after it: logged in again the user is taken
 * back to the screen (in its place too), and Back then leaves it rather than landing on the login
 * page, which sent them straight back. The entry keeps the router's number (its `idx`, by which
 * Back knows whether the entry before is the platform's: use-go-back.ts); the router hears of the
 * change as of the browser's own Back or Forward.
 */
function replaceScreen(hash: string): void {
  window.history.replaceState(window.history.state, '', hash);
  window.dispatchEvent(new Event('popstate'));
}

/**
 * Spec §8 401: the stored session and every cached answer are dropped (session-lifecycle.ts) and
 * the user is sent to the login page.
 */
export function sessionExpired(): void {
  endSession();
  markSessionEnded();
  if (!window.location.hash.startsWith('#/login')) {
    // Logged in again, the user is back on the screen the session expired on.
    rememberReturnTo(window.location.hash.slice(1));
    replaceScreen('#/login');
  }
}

function fail(init: ConstructorParameters<typeof ApiError>[0], show: boolean): never {
  if (show && init.strMessage) {
    toastError(init.strMessage);
  }
  throw new ApiError({ ...init, shown: show && Boolean(init.strMessage) });
}

function failHttp(status: number, envelope: ApiEnvelope | null, opts: RequestOptions): never {
  if (status === 401) {
    sessionExpired();
  }
  const fieldErrors = status === 400 && Array.isArray(envelope?.objData) ? envelope.objData : [];
  const base = {
    httpStatus: status,
    strErrorCode: envelope?.strErrorCode,
    errorParams: envelope?.objErrorParams,
    errorMessageParams: envelope?.objErrorMessageParams,
    fieldErrors: fieldErrors as FieldError[],
  };
  const text = httpErrorText(status);
  if (text.kind === 'silent') {
    fail({ ...base, strMessage: envelope?.strMessage ?? '' }, false);
  }
  if (text.kind === 'server') {
    const strMessage = envelope?.strMessage || t(text.fallbackKey);
    fail({ ...base, strMessage }, !opts.handleFailure && !opts.quiet);
  }
  // A form that handles its failures shows 400 field errors on its fields instead of a toast.
  const quiet = status === 400 && opts.handleFailure && fieldErrors.length > 0;
  fail({ ...base, strMessage: t(text.key) }, !quiet && !opts.quiet);
}

/**
 * The `lang` and `token` headers every call carries: also for the calls made without this client
 * (uploads with progress through XMLHttpRequest).
 */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { lang: currentLang() };
  const token = sessionStorage.getItem(SessionKey.token);
  if (token) {
    headers.token = token;
  }
  return headers;
}

async function send(method: 'GET' | 'POST', path: string, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), Limits.requestTimeoutMs);
  const forwardAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', forwardAbort, { once: true });
  const headers = authHeaders();
  headers['x-idle-seconds'] = String(idleSeconds());
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  try {
    return await fetch(urlOf(path, opts.query), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
      keepalive: opts.keepalive,
    });
  } catch (error) {
    if (opts.signal?.aborted) {
      throw error;
    } // cancelled by the caller: nothing to show
    if (controller.signal.reason === 'timeout') {
      return fail(
        { httpStatus: 408, strErrorCode: 'TIMEOUT', strMessage: t('http.408') },
        !opts.quiet,
      );
    }
    return fail({ httpStatus: 0, strErrorCode: 'NETWORK', strMessage: t('network') }, !opts.quiet);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forwardAbort);
  }
}

export async function apiRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, opts);
  const envelope = await readEnvelope(response);
  if (!response.ok) {
    failHttp(response.status, envelope, opts);
  }
  if (!envelope) {
    fail({ httpStatus: response.status, strMessage: t('generic') }, !opts.quiet);
  }
  if (envelope.iCode === ICode.Success) {
    return envelope.objData as T;
  }
  fail(
    {
      httpStatus: 200,
      strErrorCode: envelope.strErrorCode,
      strMessage: envelope.strMessage,
      errorParams: envelope.objErrorParams,
      errorMessageParams: envelope.objErrorMessageParams,
    },
    !opts.handleFailure && !opts.quiet,
  );
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...opts, body: body ?? {} }),
};
