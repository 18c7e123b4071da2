import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from './common';

/*
 * Workflow messages (issue 7 "messages", spec /msglist): what happened to cases that concern the
 * user — sent to them, signed, returned, a request made or answered. The web app words each kind
 * from `strKind` and `objParams`; read or unread, with the unread count beside the menu.
 */

export const noticeQuerySchema = pageQuerySchema.extend({
  /** Only the unread ones. */
  bUnread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
/** The query as the web app sends it. */
export interface NoticeQuery {
  iCurPage: number;
  iPageSize: number;
  bUnread?: 'true' | 'false';
}

export const noticeDtoSchema = z.object({
  iNoticeId: z.number().int(),
  strKind: z.string().describe('PatientEventType: submit, complete, return, referral...'),
  objParams: z.record(z.string(), z.union([z.string(), z.number()])),
  iPatientId: z.number().int().nullable(),
  strDiagnosistNum: z.string().nullable(),
  strPatientName: z.string().nullable(),
  actor: z.object({ iUserId: z.number().int(), strRealName: z.string() }).nullable(),
  bRead: z.boolean(),
  dtCreateTime: z.string(),
});
export type NoticeDto = z.infer<typeof noticeDtoSchema>;
export const noticePageSchema = pageSchema(noticeDtoSchema);
export type NoticePage = z.infer<typeof noticePageSchema>;

/** notice/markRead: the listed messages, or all of the caller's. */
export const noticeReadSchema = z
  .object({
    listNoticeId: z.array(idSchema).max(200, { error: 'validation.tooMany' }).optional(),
    bAll: z.boolean().optional(),
  })
  .refine((v) => v.bAll === true || (v.listNoticeId?.length ?? 0) > 0, {
    error: 'validation.required',
  });
export type NoticeReadInput = z.infer<typeof noticeReadSchema>;
