import type { OutboxMessageDto } from '@pathconsult/shared';
import type { OutboxRow } from './repo';

const STATUSES = ['stored', 'sent', 'failed'] as const;

export function toOutboxMessageDto(row: OutboxRow): OutboxMessageDto {
  const status = STATUSES.find((s) => s === row.status) ?? 'failed';
  return {
    iMessageId: row.id,
    strChannel: row.channel,
    strRecipient: row.recipient,
    strBody: row.body,
    strStatus: status,
    strError: row.error,
    dtCreateTime: row.createdAt.toISOString(),
  };
}
