import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ICode,
  isMessageKey,
  translate,
  translateNested,
  type ErrorCodeName,
  type FieldError,
  type Lang,
  type MessageKey,
} from '@pathconsult/shared';
import { AppError } from '../lib/app-error';

function envelope(
  code: ErrorCodeName,
  lang: Lang,
  params: Record<string, string | number>,
  data: unknown,
  messageParams: Record<string, MessageKey> = {},
) {
  return {
    iCode: ICode.Failure,
    strMessage: translateNested(code, lang, params, messageParams),
    strErrorCode: code,
    // What the message was made of: a client that keeps a failure (the upload queue, across a
    // reload) shows it again in the language chosen then, not the one it was received in.
    ...(Object.keys(params).length > 0 ? { objErrorParams: params } : {}),
    ...(Object.keys(messageParams).length > 0 ? { objErrorMessageParams: messageParams } : {}),
    objData: data,
  };
}

/** The answer of a failure of the server's own, for code outside the error handler. */
export function internalErrorBody(lang: Lang): string {
  return JSON.stringify(envelope('INTERNAL_ERROR', lang, {}, null));
}

type Issue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** Field errors in the caller's language; schema messages are `validation.*` keys from shared. */
function fieldErrors(issues: Issue[], lang: Lang): FieldError[] {
  return issues.map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const key = issue.message ?? '';
    const limits = (issue.params ?? {}) as { maximum?: number; minimum?: number };
    const params = { max: limits.maximum ?? '', min: limits.minimum ?? '' };
    return {
      strField: field,
      strMessage: isMessageKey(key)
        ? translate(key, lang, params)
        : translate('validation.invalid', lang),
    };
  });
}

/** The connection's errors when the client closes it while its request is being read. */
const CLIENT_GONE = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE']);

function clientWentAway(error: unknown): boolean {
  return CLIENT_GONE.has((error as NodeJS.ErrnoException).code ?? '');
}

/**
 * The error code a failure is answered with (as below), for a route that audits its own
 * refusals; null when the client went away (a paused upload's chunk cut off: nothing failed).
 */
export function answeredCodeOf(error: unknown): ErrorCodeName | null {
  if (error instanceof AppError) {
    return error.code;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return 'VALIDATION_FAILED';
  }
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status === 413) {
    return 'PAYLOAD_TOO_LARGE';
  }
  if (status === 429) {
    return 'TOO_MANY_REQUESTS';
  }
  if (status >= 400 && status < 500) {
    return 'VALIDATION_FAILED';
  }
  return clientWentAway(error) ? null : 'INTERNAL_ERROR';
}

/**
 * Turns every failure into the envelope: AppError with its status, schema validation as 400 with
 * field errors, body-size and rate refusals by status, anything else as a generic 500 with no
 * internals (the details go to the log).
 */
export const errorHandler = fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const lang = request.lang ?? 'zh';
    // A failure envelope does not have the route's success shape: skip the route's serializer.
    reply.serializer(JSON.stringify);
    if (error instanceof AppError) {
      if (error.code === 'SERVER_DISK_FULL') {
        // The users are told to call the administrator; the log says what to look at.
        request.log.error({ url: request.url }, 'no room left on the disk of DATA_DIR/slides');
      }
      request.auditOutcome = error.status === 401 || error.status === 403 ? 'denied' : 'failure';
      return reply
        .status(error.status)
        .send(envelope(error.code, lang, error.params, error.data, error.messageParams));
    }
    request.auditOutcome = 'failure';
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(
          envelope('VALIDATION_FAILED', lang, {}, fieldErrors(error.validation as Issue[], lang)),
        );
    }
    switch (answeredCodeOf(error)) {
      case 'PAYLOAD_TOO_LARGE':
        return reply.status(413).send(envelope('PAYLOAD_TOO_LARGE', lang, {}, null));
      case 'TOO_MANY_REQUESTS':
        return reply.status(429).send(envelope('TOO_MANY_REQUESTS', lang, {}, null));
      case 'VALIDATION_FAILED':
        return reply.status(400).send(envelope('VALIDATION_FAILED', lang, {}, []));
      case null:
        // A chunk or a form the browser stopped sending (a paused upload, a closed tab):
        // nothing went wrong here, and nobody reads the answer.
        request.log.info(
          { code: (error as NodeJS.ErrnoException).code },
          'client closed the request',
        );
        return reply.status(400).send(envelope('VALIDATION_FAILED', lang, {}, []));
      default:
        request.log.error({ err: error }, 'unexpected error');
        return reply.status(500).send(envelope('INTERNAL_ERROR', lang, {}, null));
    }
  });

  app.setNotFoundHandler((request, reply) => {
    request.auditOutcome = 'failure';
    return reply
      .serializer(JSON.stringify)
      .status(404)
      .send(envelope('NOT_FOUND', request.lang ?? 'zh', {}, null));
  });
});
