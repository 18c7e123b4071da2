import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './common';

/** A text message the notifier stored (no gateway) or handed to the SMS gateway. */
export const outboxMessageDtoSchema = z.object({
  iMessageId: z.number().int(),
  strChannel: z.string().describe("'sms'"),
  strRecipient: z.string().describe('Mobile number'),
  strBody: z
    .string()
    .describe('The text; verification codes are masked once a gateway delivered them'),
  strStatus: z
    .enum(['stored', 'sent', 'failed'])
    .describe('stored: kept here (no gateway configured); sent / failed: gateway outcome'),
  strError: z.string().nullable().describe('Why the gateway refused or did not answer'),
  dtCreateTime: z.string(),
});
export type OutboxMessageDto = z.infer<typeof outboxMessageDtoSchema>;

/** GET notifier/selectOutbox: newest first, optionally the messages to one number (prefix). */
export const outboxQuerySchema = pageQuerySchema.extend({
  strRecipient: z.string().trim().max(20, { error: 'validation.tooLong' }).optional(),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
export const outboxPageSchema = pageSchema(outboxMessageDtoSchema);
export type OutboxPage = z.infer<typeof outboxPageSchema>;
