import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserState } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { SearchSelect } from '@/components/search-select';
import { roleFilterOptions } from '../utils/role-options';
import { useSelectClear } from '@/lib/select-clear';

export interface UserFilterValues {
  strUserName?: string;
  strRealName?: string;
  strMobile?: string;
  iHospitalId?: number;
  iRoleType?: number;
  iUserState?: number;
}

interface UserFiltersProps {
  adminsOnly: boolean;
  hospitals: { value: number; label: string }[];
  hospitalsLoading: boolean;
  onSearch: (values: UserFilterValues) => void;
}

/** Filter bar of the user lists. Field ids: `#userFilters_strUserName` and so on. */
export function UserFilters({
  adminsOnly,
  hospitals,
  hospitalsLoading,
  onSearch,
}: UserFiltersProps) {
  const selectClear = useSelectClear();
  const { t } = useTranslation(['users', 'common']);
  return (
    <FilterBar<UserFilterValues>
      name="userFilters"
      onSearch={onSearch}
      search={{ label: t('actions.search'), testId: 'user-search' }}
      reset={{ label: t('actions.reset'), testId: 'user-reset', values: {} }}
    >
      <Form.Item name="strUserName" label={t('fields.userName')}>
        <Input allowClear maxLength={64} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="strRealName" label={t('fields.realName')}>
        <Input allowClear maxLength={64} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="strMobile" label={t('fields.mobile')}>
        <Input allowClear maxLength={20} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="iHospitalId" label={t('fields.hospital')}>
        <SearchSelect loading={hospitalsLoading} style={{ width: 200 }} options={hospitals} />
      </Form.Item>
      <Form.Item name="iRoleType" label={t('fields.role')}>
        <Select
          allowClear={selectClear}
          style={{ width: 150 }}
          options={roleFilterOptions(adminsOnly).map((value) => ({
            value,
            label: t(`role.${value}`, { ns: 'common' }),
          }))}
        />
      </Form.Item>
      <Form.Item name="iUserState" label={t('fields.state')}>
        <Select
          allowClear={selectClear}
          style={{ width: 120 }}
          options={Object.values(UserState).map((value) => ({
            value,
            label: t(`state.${value}`),
          }))}
        />
      </Form.Item>
    </FilterBar>
  );
}
