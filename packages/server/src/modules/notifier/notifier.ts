/**
 * How the platform sends text messages (SMS verification codes). Two implementations, chosen at
 * start-up from the environment (create-notifier.ts): the built-in outbox when no gateway is
 * configured, or an HTTP SMS gateway. Either way every message leaves a row in `outbox_messages`.
 */

export interface SmsMessage {
  /** Mainland mobile number. */
  mobile: string;
  /** The text without its signature. */
  text: string;
  /** Signature the text goes out under (hospital's SMS signature or SMS_SIGN_NAME). */
  sign: string;
  /**
   * Parts of the text that must not be kept once delivered elsewhere (a verification code): the
   * gateway's delivery record masks them. The outbox keeps them, being the only delivery there is.
   */
  secrets?: readonly string[];
}

export interface SmsDelivery {
  /** 'stored': kept in the outbox for administrators; 'sent'/'failed': the gateway's outcome. */
  status: 'stored' | 'sent' | 'failed';
  /** The outbox row recording it. */
  messageId: number;
  error?: string;
}

/** Writes one delivery into `outbox_messages` and returns its id (repo.ts `outboxRecorder`). */
export type OutboxRecorder = (entry: {
  recipient: string;
  body: string;
  status: SmsDelivery['status'];
  error: string | null;
}) => Promise<number>;

export interface Notifier {
  readonly kind: 'outbox' | 'gateway';
  sendSms(message: SmsMessage): Promise<SmsDelivery>;
}

/** The text as a phone shows it: `【signature】text`, the form mainland carriers require. */
export function signedText(message: Pick<SmsMessage, 'text' | 'sign'>): string {
  return `【${message.sign}】${message.text}`;
}

/** The text with every secret replaced by asterisks of its length. */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets
    .filter((s) => s.length > 0)
    .reduce((masked, secret) => masked.split(secret).join('*'.repeat(secret.length)), text);
}
