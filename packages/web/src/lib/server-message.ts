import { isMessageKey, translateNested, type Lang, type MessageKey } from '@pathconsult/shared';
import type { ApiError } from './api-error';

/**
 * A server's failure message by its parts (code and values), kept where a failure outlives the
 * page it arrived on (the upload queue): shown again in the language chosen since, not in the one
 * it was received in.
 */
export interface ServerMessage {
  code: string;
  params: Record<string, string | number>;
  messageParams: Record<string, string>;
}

/**
 * The parts of a business refusal's message (the server's words for its code), or null: other
 * failures read as the client's own texts (spec §8), which its translations already follow.
 */
export function serverMessageOf(error: ApiError): ServerMessage | null {
  const code = error.strErrorCode;
  if (!error.isBusiness || !code || !isMessageKey(code)) {
    return null;
  }
  return { code, params: error.errorParams, messageParams: error.errorMessageParams };
}

/**
 * The message in `lang`, or null when its parts are not all codes this app knows or do not fill
 * it (a server that sent no values): the text as received is shown then.
 */
export function serverMessageIn(message: ServerMessage, lang: Lang): string | null {
  const nested = Object.entries(message.messageParams);
  if (!isMessageKey(message.code) || !nested.every(([, code]) => isMessageKey(code))) {
    return null;
  }
  const text = translateNested(
    message.code,
    lang,
    message.params,
    Object.fromEntries(nested) as Record<string, MessageKey>,
  );
  return /\{\w+\}/.test(text) ? null : text;
}

/**
 * A failure's text in `lang`: a business refusal made again from its parts, so that a message
 * left on screen follows a change of language; any other failure as received.
 */
export function serverErrorText(error: ApiError, lang: Lang): string {
  const message = serverMessageOf(error);
  return (message && serverMessageIn(message, lang)) ?? error.strMessage;
}
