import { DEFAULT_SERIAL_RULE, type SerialNumberDto } from '@pathconsult/shared';
import type { RuleRow } from './repo';

/**
 * The one place where a rule row becomes the wire shape. A hospital without a rule is shown the
 * defaults it would start from, with `bHasRule: false` and no next number.
 */
export function toSerialNumberDto(
  hospital: { id: number; name: string },
  rule: RuleRow | undefined,
  next: { seq: number; number: string | null },
): SerialNumberDto {
  if (!rule) {
    return {
      iHospitalId: hospital.id,
      strHospitalName: hospital.name,
      bHasRule: false,
      ...DEFAULT_SERIAL_RULE,
      iNextSeq: 1,
      strNextNumber: null,
      dtUpdateTime: null,
    };
  }
  return {
    iHospitalId: hospital.id,
    strHospitalName: hospital.name,
    bHasRule: true,
    strPrefix: rule.prefix,
    strDatePart: rule.datePart as SerialNumberDto['strDatePart'],
    iSeqWidth: rule.seqWidth,
    strResetPeriod: rule.resetPeriod as SerialNumberDto['strResetPeriod'],
    iNextSeq: next.seq,
    strNextNumber: next.number,
    dtUpdateTime: rule.updatedAt.toISOString(),
  };
}
