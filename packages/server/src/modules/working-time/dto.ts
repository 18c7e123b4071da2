import { type WorkingSlot, type WorkingTimeInfo, type WorkingTimeRow } from '@pathconsult/shared';
import type { ScheduleOwner, SlotRow } from './repo';

/** The one place where stored half-days and their expert become the wire shapes. */
export function toSlotDto(s: SlotRow): WorkingSlot {
  return { iWorkingTimeId: s.id, iWeekday: s.weekday, iPeriod: s.period, strNote: s.note };
}

/** Slots must come ordered by weekday then period (repo.slotsOf orders them). */
export function toInfoDto(owner: ScheduleOwner, slots: readonly SlotRow[]): WorkingTimeInfo {
  return {
    iUserId: owner.id,
    strRealName: owner.realName,
    hospital:
      owner.hospitalId != null && owner.hospitalName != null
        ? { iHospitalId: owner.hospitalId, strHospitalName: owner.hospitalName }
        : null,
    listSlot: slots.filter((s) => s.userId === owner.id).map(toSlotDto),
  };
}

export function toRowDto(owner: ScheduleOwner, slots: readonly SlotRow[]): WorkingTimeRow {
  return { ...toInfoDto(owner, slots), strUserName: owner.userName };
}
