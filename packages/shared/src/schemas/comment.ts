import { z } from 'zod';
import { ddSchema, idSchema, pageQuerySchema, pageSchema } from './common';

/** Longest message of a case conversation (spec §3 Comment/message). */
export const COMMENT_CONTENT_MAX = 1000;

/** POST comment/addComment: a message on a case the caller takes part in. */
export const commentAddSchema = z.object({
  iPatientId: idSchema,
  strContent: z
    .string({ error: 'validation.commentEmpty' })
    .trim()
    .min(1, { error: 'validation.commentEmpty' })
    .max(COMMENT_CONTENT_MAX, { error: 'validation.tooLong' }),
});
export type CommentAddInput = z.infer<typeof commentAddSchema>;

/** GET comment/selectCommentListByPatient: one page of a case's messages, oldest first. */
export const commentPatientQuerySchema = pageQuerySchema.extend({ iPatientId: idSchema });
export type CommentPatientQuery = z.infer<typeof commentPatientQuerySchema>;

/** The author of a message as a thread shows it. */
export const commentAuthorSchema = z.object({
  iUserId: z.number().int(),
  strRealName: z.string(),
  ddRoleType: ddSchema(z.number().int()).describe('See RoleType'),
});

export const commentDtoSchema = z.object({
  iCommentId: z.number().int(),
  iPatientId: z.number().int(),
  strContent: z.string(),
  author: commentAuthorSchema,
  bMine: z.boolean().describe('Written by the caller'),
  bRead: z
    .boolean()
    .describe('Read by the caller; the caller’s own messages, and every message for observers'),
  dtCreateTime: z.string().describe('UTC, ISO 8601'),
});
export type CommentDto = z.infer<typeof commentDtoSchema>;
export const commentPageSchema = pageSchema(commentDtoSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

/** POST comment/updateCommentList: how many messages became read for the caller. */
export const commentMarkedSchema = z.object({ iPatientId: z.number().int(), iMarked: z.number() });
export type CommentMarked = z.infer<typeof commentMarkedSchema>;

/** GET comment/selectUnreadCount: the menu badge. */
export const commentUnreadSchema = z.object({ iUnread: z.number().int() });
export type CommentUnread = z.infer<typeof commentUnreadSchema>;

/** GET comment/selectCommentListByReceive: the caller's cases with messages, latest first. */
export const commentReceiveQuerySchema = pageQuerySchema;
export type CommentReceiveQuery = z.infer<typeof commentReceiveQuerySchema>;

export const commentThreadDtoSchema = z.object({
  iPatientId: z.number().int(),
  strDiagnosistNum: z.string(),
  strPatientName: z.string(),
  ddPatientState: ddSchema(z.number().int()).describe('Case state: see CaseState'),
  iCount: z.number().int().describe('Messages of the case'),
  iUnread: z.number().int().describe('Of them unread by the caller'),
  last: z.object({
    strContent: z.string(),
    strAuthorName: z.string(),
    dtCreateTime: z.string(),
  }),
});
export type CommentThreadDto = z.infer<typeof commentThreadDtoSchema>;
export const commentThreadPageSchema = pageSchema(commentThreadDtoSchema);
export type CommentThreadPage = z.infer<typeof commentThreadPageSchema>;
