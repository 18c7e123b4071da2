import type { CommonWordDto } from '@pathconsult/shared';
import type { WordView } from './repo';

/** The one place where a stored word becomes the wire shape; `callerId` decides `bMine`. */
export function toCommonWordDto(row: WordView, callerId: number): CommonWordDto {
  return {
    iCommonWordId: row.id,
    strCategory: row.category,
    strContent: row.content,
    ddScope: { iNumber: row.scope },
    owner: { iUserId: row.ownerId, strRealName: row.ownerName },
    hospital: { iHospitalId: row.hospitalId, strHospitalName: row.hospitalName },
    bMine: row.ownerId === callerId,
    dtCreateTime: row.createdAt.toISOString(),
    dtUpdateTime: row.updatedAt.toISOString(),
  };
}
