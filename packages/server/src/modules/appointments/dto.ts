import { chinaDayOf, periodOfStart, type AppointmentItem } from '@pathconsult/shared';
import type { AppointmentListRow } from './repo';

/** The one place where a stored booking and the names around it become the wire shape. */
export function toAppointmentItem(r: AppointmentListRow, now: Date): AppointmentItem {
  const a = r.appointment;
  return {
    iAppointmentId: a.id,
    patient: {
      iPatientId: a.patientId,
      strPatientName: r.patientName,
      strDiagnosistNum: r.diagnosisNum,
    },
    hospital: { iHospitalId: a.hospitalId, strHospitalName: r.hospitalName },
    doctor: { iUserId: a.doctorId, strRealName: r.doctorName },
    expert: {
      iUserId: a.expertId,
      strRealName: r.expertName,
      strHospitalName: r.expertHospitalName ?? '',
    },
    dtDate: chinaDayOf(a.startAt),
    iPeriod: periodOfStart(a.startAt),
    dtAppointStartTime: a.startAt.toISOString(),
    dtAppointEndTime: a.endAt.toISOString(),
    ddKind: { iNumber: a.kind },
    strNote: a.note,
    ddAppointState: { iNumber: a.state },
    strAnswer: a.answer,
    dtDecidedTime: a.decidedAt?.toISOString() ?? null,
    dtCreateTime: a.createdAt.toISOString(),
    bStarted: a.startAt.getTime() <= now.getTime(),
  };
}
