import { signedText, type Notifier, type OutboxRecorder, type SmsDelivery } from './notifier';

/**
 * The built-in notifier, used when no SMS gateway is configured: the message is stored, whole,
 * with status 'stored', and platform administrators read it on the outbox screen and pass it on
 * (a small installation without an SMS contract, a test system). Nothing leaves the server.
 */
export function outboxNotifier(record: OutboxRecorder): Notifier {
  return {
    kind: 'outbox',
    async sendSms(message): Promise<SmsDelivery> {
      const body = signedText(message);
      const messageId = await record({
        recipient: message.mobile,
        body,
        status: 'stored',
        error: null,
      });
      return { status: 'stored', messageId };
    },
  };
}
