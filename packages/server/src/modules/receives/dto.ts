import type { Lang, PatientReceiveDto, ReceivedItem } from '@pathconsult/shared';
import { toListItem, type PatientListRow } from '../patients/dto';
import type { ReceiveView } from './repo';

export function toReceiveDto(v: ReceiveView): PatientReceiveDto {
  const r = v.receive;
  return {
    iPatientReceiveId: r.id,
    patient: {
      iPatientId: r.patientId,
      strDiagnosistNum: v.diagnosisNum,
      strPatientName: v.patientName,
    },
    sendUser: { iUserId: r.senderId, strRealName: v.senderName },
    expert: r.expertId === null ? null : { iUserId: r.expertId, strRealName: v.expertName ?? '' },
    iDiagnosticsCenterId: r.centerHospitalId,
    strDiagnosticsCenterName: v.centerName,
    ddPatientState: { iNumber: r.state },
    ddIsDistribution: { iNumber: r.assigned ? 1 : 0 },
    dtCreateTime: r.createdAt.toISOString(),
    dtViewTime: r.viewedAt?.toISOString() ?? null,
  };
}

export type ReceivedRow = PatientListRow & {
  receiveId: number;
  receiveState: number;
  receivedAt: Date;
  viewedAt: Date | null;
  senderId: number;
  senderName: string;
  sendingHospitalName: string;
};

export function toReceivedItem(r: ReceivedRow, lang: Lang): ReceivedItem {
  return {
    ...toListItem(r, lang),
    iPatientReceiveId: r.receiveId,
    sendUser: { iUserId: r.senderId, strRealName: r.senderName },
    strSendHospitalName: r.sendingHospitalName,
    ddReceiveState: { iNumber: r.receiveState },
    dtReceiveTime: r.receivedAt.toISOString(),
    dtViewTime: r.viewedAt?.toISOString() ?? null,
  };
}
