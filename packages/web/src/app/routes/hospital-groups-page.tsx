import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalGroupDto } from '@pathconsult/shared';
import { useConfig } from '@/features/config/api/get-config';
import {
  useDeleteHospitalGroup,
  useHospitalGroupPage,
} from '@/features/hospital-groups/api/hospital-groups';
import { GroupFormModal } from '@/features/hospital-groups/components/group-form-modal';
import { GroupTable } from '@/features/hospital-groups/components/group-table';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { ListError } from './list-error';
import { useLastData, usePaging } from './list-state';

/**
 * /hospitalGroup: diagnosis groups and their institutions. Platform administrators manage them;
 * hospital administrators read them.
 */
export default function HospitalGroupsPage() {
  const { t } = useTranslation('hospitalGroups');
  const { modal } = App.useApp();
  const { iRoleType } = useSession();
  const mayManage = iRoleType === 1;
  const [name, setName] = useState<string | undefined>();
  const paging = usePaging();
  const query = useHospitalGroupPage({ strGroupName: name, ...paging.page });
  const shown = useLastData(query.data);
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
    modal.confirm({
      title: t('delete.title', { name: row.strGroupName }),
      content: t('delete.content'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'group-delete-confirm' } },
      onOk: () =>
        remove.mutateAsync(row.iGroupId).then(
          () => toastSuccess(t('delete.done')),
          () => undefined, // the client showed why
        ),
    });
  }

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Flex justify="space-between" align="start" gap="middle" wrap>
          <Form
            name="groupFilters"
            layout="inline"
            className="filter-bar"
            onFinish={(values: { strGroupName?: string }) => {
              setName(values.strGroupName?.trim() || undefined);
              paging.toFirstPage();
            }}
          >
            <Form.Item name="strGroupName" label={t('fields.name')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" data-testid="group-search">
                {t('actions.search')}
              </Button>
            </Form.Item>
          </Form>
          {mayManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="group-add"
              onClick={() => openForm(null)}
            >
              {t('actions.add')}
            </Button>
          )}
        </Flex>
        {query.isError && (
          <ListError
            title={t('loadError')}
            testId="group-error"
            onRetry={() => void query.refetch()}
          />
        )}
        <GroupTable
          rows={shown?.listPage ?? []}
          total={shown?.iTotalCount ?? 0}
          page={paging.page.iCurPage}
          pageSize={paging.page.iPageSize}
          loading={query.isFetching}
          failed={query.isError && !shown}
          mayManage={mayManage}
          onPageChange={paging.onPageChange}
          onEdit={(row) => openForm(row)}
          onDelete={handleDelete}
        />
      </Space>
      <GroupFormModal
        open={form.open}
        editing={form.editing}
        hospitals={hospitals.data ?? []}
        hospitalsLoading={hospitals.isLoading}
        cap={config?.hospitalsPerGroup}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </Card>
  );
}
