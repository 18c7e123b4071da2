import { z } from 'zod';
import { datesInOrder, isoDateSchema, pageQuerySchema, pageSchema } from './common';

export const AuditOutcome = ['success', 'failure', 'denied'] as const;

/** GET log/GetAuditLogs: filters by user, action, date range, with paging. */
export const auditLogQuerySchema = pageQuerySchema
  .extend({
    strUserName: z.string().trim().max(64).optional().describe('Exact user name, any case'),
    strAction: z.string().trim().max(128).optional().describe('Action prefix, e.g. "user/"'),
    strOutcome: z.enum(AuditOutcome).optional(),
    dtStart: isoDateSchema
      .optional()
      .describe('Inclusive; a date means its first instant (China Standard Time)'),
    dtEnd: isoDateSchema
      .optional()
      .describe('Inclusive; a date means its whole day (China Standard Time)'),
  })
  .refine(...datesInOrder);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogDtoSchema = z.object({
  iAuditLogId: z.number().int(),
  dtCreateTime: z.string().describe('UTC, ISO 8601'),
  iUserId: z.number().int().nullable(),
  strUserName: z.string().nullable(),
  iRoleType: z.number().int().nullable(),
  iHospitalId: z.number().int().nullable(),
  strAction: z.string().describe('The API call, e.g. user/login'),
  strTargetType: z.string().nullable(),
  strTargetId: z.string().nullable(),
  strOutcome: z.enum(AuditOutcome),
  strIp: z.string().nullable(),
  objDetail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogDto = z.infer<typeof auditLogDtoSchema>;

export const auditLogPageSchema = pageSchema(auditLogDtoSchema).extend({
  bTotalCapped: z
    .boolean()
    .describe('True when more records match than iTotalCount (the count stops at 10,000)'),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
