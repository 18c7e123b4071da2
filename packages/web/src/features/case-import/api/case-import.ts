import { ICode, SessionKey, type CaseImportMode, type CaseImportReport } from '@pathconsult/shared';
import { ApiError } from '@/lib/api-error';
import { currentLang, i18next } from '@/lib/i18n';
import { sessionExpired } from '@/lib/api-client';

/*
 * The two calls of batch cases that api-client's JSON fetch cannot make: the template is a file
 * (downloaded as a blob and saved), and the import is a multipart upload whose progress is shown,
 * which needs XMLHttpRequest (fetch reports no upload progress). Both send the same token and
 * lang headers as api-client and turn failures into ApiError.
 */

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { lang: currentLang() };
  const token = sessionStorage.getItem(SessionKey.token);
  if (token) {
    headers.token = token;
  }
  return headers;
}

const genericError = (httpStatus: number) =>
  new ApiError({ httpStatus, strMessage: i18next.t('generic', { ns: 'errors' }) });

/** The envelope's failure as an ApiError (business failure, or the HTTP status's refusal). */
function envelopeError(status: number, body: unknown): ApiError {
  if (status === 401) {
    // The session is over: back to the login page, as for any other call.
    sessionExpired();
  }
  const env = body as {
    iCode?: number;
    strMessage?: string;
    strErrorCode?: string;
    objData?: unknown;
  };
  if (!env || typeof env.strMessage !== 'string') {
    return genericError(status);
  }
  return new ApiError({
    httpStatus: status,
    strMessage: env.strMessage,
    strErrorCode: env.strErrorCode,
    fieldErrors: Array.isArray(env.objData) ? env.objData : [],
  });
}

/** Downloads the template in the current language and saves it under the server's file name. */
export async function downloadTemplate(fallbackName: string): Promise<void> {
  const res = await fetch(`/api/patient/importTemplate?lang=${currentLang()}`, {
    headers: authHeaders(),
  });
  if (!res.ok) {
    throw envelopeError(res.status, await res.json().catch(() => null));
  }
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface ImportCall {
  file: File;
  commit: boolean;
  mode: CaseImportMode;
  /** Percent of the file sent, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** patient/importPatient: the report of the file (and, with commit, the cases created). */
export function importCases(call: ImportCall): Promise<CaseImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/patient/importPatient');
    for (const [name, value] of Object.entries(authHeaders())) {
      xhr.setRequestHeader(name, value);
    }
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) {
        call.onProgress?.(Math.round((e.loaded / e.total) * 100));
      }
    };
    xhr.onload = () => {
      const body = xhr.response as { iCode?: number; objData?: unknown } | null;
      if (xhr.status === 200 && body?.iCode === ICode.Success) {
        resolve(body.objData as CaseImportReport);
      } else {
        reject(envelopeError(xhr.status, body));
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          httpStatus: 0,
          strErrorCode: 'NETWORK',
          strMessage: i18next.t('network', { ns: 'errors' }),
        }),
      );
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    call.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('bCommit', String(call.commit));
    form.append('strMode', call.mode);
    form.append('file', call.file, call.file.name);
    xhr.send(form);
  });
}
