import type {
  MedicalOrderCategory,
  MedicalOrderItemDto,
  MedicalOrderOption,
} from '@pathconsult/shared';
import type { ItemRow, ItemWithHospital } from './repo';

/** The one place where an item row becomes the administrators' wire shape. */
export function toMedicalOrderItemDto(row: ItemWithHospital): MedicalOrderItemDto {
  return {
    iItemId: row.id,
    iHospitalId: row.hospitalId,
    strHospitalName: row.hospitalName,
    bPlatform: row.hospitalId == null,
    strCategory: row.category as MedicalOrderCategory,
    strName: row.name,
    strCode: row.code,
    iSortOrder: row.sortOrder,
    bEnabled: row.enabled,
    dtUpdateTime: row.updatedAt.toISOString(),
  };
}

/** An item as the pickers of the case form offer it. */
export function toMedicalOrderOption(row: ItemRow): MedicalOrderOption {
  return {
    iItemId: row.id,
    strCategory: row.category as MedicalOrderCategory,
    strName: row.name,
    strCode: row.code,
    bPlatform: row.hospitalId == null,
  };
}
