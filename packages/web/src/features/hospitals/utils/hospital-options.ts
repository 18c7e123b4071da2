import type { HospitalOption } from '@pathconsult/shared';

/** Hospitals as the choices of a filter's select (value: id, label: name). */
export function hospitalOptions(
  hospitals: HospitalOption[] | undefined,
): { value: number; label: string }[] {
  return (hospitals ?? []).map((h) => ({ value: h.iHospitalId, label: h.strHospitalName }));
}
