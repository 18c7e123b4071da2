import type { ReportDto, ReportRequestDto, ScreenshotDto } from '@pathconsult/shared';
import type { ReportView, RequestView } from './repo';

/** A report version on the wire; its screenshots in the report's order (missing ones dropped). */
export interface RequestRights {
  modification: boolean;
  supplement: boolean;
}
const NO_RIGHTS: RequestRights = { modification: false, supplement: false };

export function toReportDto(
  v: ReportView,
  shots: Map<number, ScreenshotDto>,
  rights: RequestRights = NO_RIGHTS,
): ReportDto {
  const r = v.row;
  return {
    iReportId: r.id,
    iPatientReceiveId: r.receiveId,
    iPatientId: r.patientId,
    iVersion: r.version,
    ddKind: { iNumber: r.kind },
    ddState: { iNumber: r.state },
    strResult: r.result,
    strOpinion: r.opinion,
    strSupplement: r.supplement,
    listScreenshot: r.screenshotIds.flatMap((id) => {
      const s = shots.get(id);
      return s ? [s] : [];
    }),
    expert: {
      iUserId: r.expertId,
      strRealName: v.expertName,
      strHospitalName: v.expertHospitalName,
    },
    strSignature: r.signaturePng,
    dtSignTime: r.signedAt?.toISOString() ?? null,
    iPrintCount: r.printCount,
    dtUpdateTime: r.updatedAt.toISOString(),
    ddReviewState: r.reviewState === null ? null : { iNumber: r.reviewState },
    strReviewReason: r.reviewReason ?? '',
    reviewer:
      r.reviewedBy === null ? null : { iUserId: r.reviewedBy, strRealName: v.reviewerName ?? '' },
    dtReviewTime: r.reviewedAt?.toISOString() ?? null,
    bMayRequestModification: rights.modification,
    bMayRequestSupplement: rights.supplement,
  };
}

export function toRequestDto(v: RequestView): ReportRequestDto {
  const r = v.row;
  return {
    iRequestId: r.id,
    iReportId: r.reportId,
    ddKind: { iNumber: r.kind },
    ddState: { iNumber: r.state },
    strReason: r.reason,
    strAnswer: r.answer,
    requester: { iUserId: r.requesterId, strRealName: v.requesterName },
    dtCreateTime: r.createdAt.toISOString(),
    dtDecideTime: r.decidedAt?.toISOString() ?? null,
  };
}
