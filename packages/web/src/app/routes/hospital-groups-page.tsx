import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalGroupDto } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { useConfig } from '@/features/config/api/get-config';
import {
  useDeleteHospitalGroup,
  useHospitalGroupPage,
} from '@/features/hospital-groups/api/hospital-groups';
import { GroupFormModal } from '@/features/hospital-groups/components/group-form-modal';
import { GroupTable } from '@/features/hospital-groups/components/group-table';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/**
 * /hospitalGroup: diagnosis groups and their institutions. Platform administrators manage them;
 * hospital administrators read them.
 */
export default function HospitalGroupsPage() {
  const { t } = useTranslation('hospitalGroups');
  const confirm = useConfirmAction();
  const { iRoleType } = useSession();
  const mayManage = iRoleType === 1;
  const [name, setName] = useState<string | undefined>();
  const paging = usePaging();
  const query = useHospitalGroupPage({ strGroupName: name, ...paging.page });
  const rows = usePagedRows(query, paging);
  const [form, setForm] = useState<{ open: boolean; editing: HospitalGroupDto | null }>({
    open: false,
    editing: null,
  });
  // The member picker needs every hospital; fetched once the form is first opened.
  const [pickerWanted, setPickerWanted] = useState(false);
  const hospitals = useAllHospitals(pickerWanted);
  const config = useConfig();
  const remove = useDeleteHospitalGroup();

  function openForm(editing: HospitalGroupDto | null) {
    setPickerWanted(true);
    setForm({ open: true, editing });
  }

  function handleDelete(row: HospitalGroupDto) {
    confirm({
      title: t('delete.title', { name: row.strGroupName }),
      content: t('delete.content'),
      okText: t('actions.delete'),
      okTestId: 'group-delete-confirm',
      action: () => remove.mutateAsync(row.iGroupId),
      done: t('delete.done'),
    });
  }

  return (
    <ListPage
      filters={
        <FilterBar<{ strGroupName?: string }>
          name="groupFilters"
          onSearch={(values) => {
            setName(values.strGroupName?.trim() || undefined);
            paging.toFirstPage();
          }}
          search={{ label: t('actions.search'), testId: 'group-search' }}
        >
          <Form.Item name="strGroupName" label={t('fields.name')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </FilterBar>
      }
      add={{
        label: t('actions.add'),
        testId: 'group-add',
        onClick: () => openForm(null),
        allowed: mayManage,
      }}
      query={query}
      loadError={{ title: t('loadError'), testId: 'group-error' }}
      dialogs={
        <GroupFormModal
          open={form.open}
          editing={form.editing}
          hospitals={hospitals.data ?? []}
          hospitalsLoading={hospitals.isLoading}
          cap={config?.hospitalsPerGroup}
          onClose={() => setForm((f) => ({ ...f, open: false }))}
        />
      }
    >
      <GroupTable
        {...rows}
        mayManage={mayManage}
        onEdit={(row) => openForm(row)}
        onDelete={handleDelete}
      />
    </ListPage>
  );
}
