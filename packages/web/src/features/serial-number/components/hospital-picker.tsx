import { Select, Space, Typography } from 'antd';
import type { HospitalOption } from '@pathconsult/shared';

/** The platform dictionary, as a choice beside the hospitals. */
export const PLATFORM = 'platform' as const;
export type PickedDictionary = number | typeof PLATFORM;

interface HospitalPickerProps<V extends PickedDictionary> {
  label: string;
  value: V | undefined;
  onChange: (value: V) => void;
  hospitals: HospitalOption[];
  loading: boolean;
  /** A first choice before the hospitals (the platform dictionary). */
  extra?: { value: V; label: string };
  testId: string;
}

/**
 * Which hospital's rule or dictionary the screen shows: for administrators who keep more than
 * one (platform administrators, or hospital administrators managing all hospitals). Searchable by
 * name, so that a long list stays usable from the keyboard.
 */
export function HospitalPicker<V extends PickedDictionary>(props: HospitalPickerProps<V>) {
  const options = [
    ...(props.extra ? [props.extra] : []),
    ...props.hospitals.map((h) => ({ value: h.iHospitalId as V, label: h.strHospitalName })),
  ];
  return (
    <Space wrap>
      <Typography.Text>{props.label}</Typography.Text>
      <Select<V>
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 280 }}
        loading={props.loading}
        value={props.value}
        onChange={props.onChange}
        options={options}
        aria-label={props.label}
        data-testid={props.testId}
      />
    </Space>
  );
}

/**
 * The hospital a screen starts on: the caller's own when it may keep it, else the first of the
 * list (platform administrators have no hospital).
 */
export function initialHospital(
  hospitals: HospitalOption[],
  ownHospitalId: number | null | undefined,
): number | undefined {
  const own = hospitals.find((h) => h.iHospitalId === ownHospitalId);
  return own?.iHospitalId ?? hospitals[0]?.iHospitalId;
}
