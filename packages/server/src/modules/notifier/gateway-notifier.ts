import {
  maskSecrets,
  signedText,
  type Notifier,
  type OutboxRecorder,
  type SmsDelivery,
  type SmsMessage,
} from './notifier';

export interface GatewaySettings {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token: string | undefined;
  timeoutMs: number;
}

/** Longest part of a gateway's refusal kept in the delivery record. */
const ERROR_MAX = 300;

/**
 * Hands one message to the gateway: `POST url` with JSON `{mobile, text, sign}`. Any 2xx answer
 * is a delivery; another status, no answer within the timeout or a network failure is not, and
 * the reason is returned (never thrown: the caller decides what a failed text means).
 */
export async function postToGateway(
  settings: GatewaySettings,
  message: SmsMessage,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.token) {
    headers.authorization = `Bearer ${settings.token}`;
  }
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile: message.mobile, text: message.text, sign: message.sign }),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    const detail = (await response.text().catch(() => '')).trim();
    return {
      ok: false,
      error: `HTTP ${response.status}${detail ? `: ${detail}` : ''}`.slice(0, ERROR_MAX),
    };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, error: `no answer within ${settings.timeoutMs} ms` };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    return { ok: false, error: `not reachable: ${reason}`.slice(0, ERROR_MAX) };
  }
}

/**
 * The HTTP SMS gateway adapter (SMS_GATEWAY_URL). Each delivery is recorded in the outbox with
 * 'sent' or 'failed', the secrets of the message (the verification code) masked: the phone holds
 * the code, and the record must not give it to whoever reads the outbox.
 */
export function gatewayNotifier(settings: GatewaySettings, record: OutboxRecorder): Notifier {
  return {
    kind: 'gateway',
    async sendSms(message: SmsMessage): Promise<SmsDelivery> {
      const outcome = await postToGateway(settings, message);
      const status = outcome.ok ? 'sent' : 'failed';
      const error = outcome.ok ? undefined : outcome.error;
      const messageId = await record({
        recipient: message.mobile,
        body: maskSecrets(signedText(message), message.secrets),
        status,
        error: error ?? null,
      });
      return { status, messageId, error };
    },
  };
}
