import type { FeedbackDto } from '@pathconsult/shared';
import type { FeedbackView } from './repo';

/** The one place where a feedback row becomes its answer shape. */
export function toFeedbackDto(v: FeedbackView): FeedbackDto {
  return {
    iFeedbackId: v.id,
    dtCreateTime: v.createdAt.toISOString(),
    strContent: v.content,
    strContact: v.contact ?? '',
    iUserId: v.userId,
    strUserName: v.userName,
    strRealName: v.realName,
    iHospitalId: v.hospitalId,
    strHospitalName: v.hospitalName,
    bHasImage: v.hasImage,
    bHandled: v.handled,
    dtHandledTime: v.handledAt?.toISOString() ?? null,
    strHandledBy: v.handledByName,
  };
}
