import type { SmsConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { gatewayNotifier } from './gateway-notifier';
import type { Notifier } from './notifier';
import { outboxNotifier } from './outbox-notifier';
import { outboxRecorder } from './repo';

/** What a server without SMS settings uses: the outbox, and the product's name as signature. */
export const DEFAULT_SMS_CONFIG: SmsConfig = {
  gatewayUrl: undefined,
  gatewayToken: undefined,
  signName: 'PathConsult',
  timeoutMs: 5000,
};

/** The gateway when SMS_GATEWAY_URL is set, else the built-in outbox. */
export function createNotifier(sms: SmsConfig, deps: { db: Db; clock: Clock }): Notifier {
  const record = outboxRecorder(deps.db, deps.clock);
  if (sms.gatewayUrl) {
    return gatewayNotifier(
      { url: sms.gatewayUrl, token: sms.gatewayToken, timeoutMs: sms.timeoutMs },
      record,
    );
  }
  return outboxNotifier(record);
}
