import type { HospitalGroupDto } from '@pathconsult/shared';
import type { hospitalGroups, hospitals } from '../../db/schema';

type GroupRow = typeof hospitalGroups.$inferSelect;
export type MemberRow = Pick<typeof hospitals.$inferSelect, 'id' | 'name' | 'isDiagnosis'>;

/** The one place where a group row and its member hospitals become the spec's group shape. */
export function toHospitalGroupDto(g: GroupRow, members: readonly MemberRow[]): HospitalGroupDto {
  return {
    iGroupId: g.id,
    strGroupName: g.name,
    listHospital: members.map((m) => ({
      iHospitalId: m.id,
      strHospitalName: m.name,
      ddIsDiagnosis: { iNumber: m.isDiagnosis },
    })),
    dtCreateTime: g.createdAt.toISOString(),
  };
}
