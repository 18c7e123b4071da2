import type { FieldError } from '@pathconsult/shared';
import { ApiError, authHeaders, sessionExpired } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/envelope';
import { httpErrorText } from '@/lib/http-errors';
import { i18next } from '@/lib/i18n';
import { toastError } from '@/lib/toast';

type Envelope = Partial<ApiEnvelope>;

/**
 * A call whose success is a file (a PDF), not the JSON envelope: the api client cannot read it.
 * Failures still come as the envelope and are shown like the client shows them: 401 ends the
 * session, the server's message or the catalogue's text of the status is toasted.
 */
export function postForBlob(path: string, body: unknown): Promise<Blob> {
  return fetchBlob(`/api/${path}`, {
    method: 'POST',
    headers: { ...authHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The same for a GET with its query. */
export function getForBlob(path: string, query: Record<string, string | number>): Promise<Blob> {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  ).toString();
  return fetchBlob(`/api/${path}?${search}`, { headers: authHeaders() });
}

async function fetchBlob(url: string, init: RequestInit): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    // No answer at all (the server is down, the network is gone).
    const strMessage = i18next.t('network', { ns: 'errors' });
    toastError(strMessage);
    throw new ApiError({ httpStatus: 0, strErrorCode: 'NETWORK', strMessage, shown: true });
  }
  if (res.ok) {
    return res.blob();
  }
  if (res.status === 401) {
    sessionExpired();
  }
  const envelope = (await res.json().catch(() => null)) as Envelope | null;
  const text = httpErrorText(res.status);
  const t = (key: string) => i18next.t(key, { ns: 'errors' });
  const strMessage =
    text.kind === 'catalogue'
      ? t(text.key)
      : text.kind === 'server'
        ? envelope?.strMessage || t(text.fallbackKey)
        : (envelope?.strMessage ?? '');
  if (text.kind !== 'silent') {
    toastError(strMessage);
  }
  throw new ApiError({
    httpStatus: res.status,
    strErrorCode: envelope?.strErrorCode,
    strMessage,
    fieldErrors: Array.isArray(envelope?.objData) ? (envelope.objData as FieldError[]) : [],
    shown: text.kind !== 'silent',
  });
}
