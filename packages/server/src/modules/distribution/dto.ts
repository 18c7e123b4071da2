import type { DistributedItem, DistributionItem, Lang } from '@pathconsult/shared';
import { toListItem } from '../patients/dto';
import type { DistributionRow } from './repo';

export function toDistributionItem(r: DistributionRow, lang: Lang): DistributionItem {
  return {
    ...toListItem(r, lang),
    iPatientReceiveId: r.receiveId,
    sendUser: { iUserId: r.senderId, strRealName: r.senderName },
    strSendHospitalName: r.sendingHospitalName,
    iDiagnosticsCenterId: r.centerId,
    strDiagnosticsCenterName: r.centerName,
    ddReceiveState: { iNumber: r.receiveState },
    dtSendTime: r.sentAt.toISOString(),
  };
}

/** Who distributed a receive and when (see distributionOf in list-service.ts). */
export interface Distribution {
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

export function toDistributedItem(
  r: DistributionRow,
  d: Distribution | undefined,
  lang: Lang,
): DistributedItem {
  return {
    ...toDistributionItem(r, lang),
    // distributedWhere keeps only receives with their expert.
    expert: { iUserId: r.expertId ?? 0, strRealName: r.expertName ?? '' },
    distributeUser: d?.userId == null ? null : { iUserId: d.userId, strRealName: d.userName ?? '' },
    dtDistributeTime: d?.createdAt.toISOString() ?? null,
    dtViewTime: r.viewedAt?.toISOString() ?? null,
  };
}
