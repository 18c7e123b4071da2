import { Select } from 'antd';
import type { SelectProps } from 'antd';

/**
 * A clearable select whose choices are found by typing part of their label: the long lists
 * (hospitals, groups) that filters choose from. Used as a `Form.Item` control.
 */
export function SearchSelect(props: SelectProps) {
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} {...props} />;
}
