import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { useSelectClear } from '@/lib/select-clear';

/**
 * A clearable select whose choices are found by typing part of their label: the long lists
 * (hospitals, groups) that filters choose from. Used as a `Form.Item` control.
 */
export function SearchSelect(props: SelectProps) {
  const selectClear = useSelectClear();
  return <Select allowClear={selectClear} showSearch={{ optionFilterProp: 'label' }} {...props} />;
}
