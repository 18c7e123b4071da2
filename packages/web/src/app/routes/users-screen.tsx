import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '@pathconsult/shared';
import { useConfig } from '@/features/config/api/get-config';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import {
  useDeleteUser,
  useUpdateUserState,
  useUserPage,
  type UserParams,
} from '@/features/users/api/users';
import { UserFilters, type UserFilterValues } from '@/features/users/components/user-filters';
import { UserFormModal } from '@/features/users/components/user-form-modal';
import { UserTable } from '@/features/users/components/user-table';
import { toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { ListError } from './list-error';
import { useLastData, usePaging } from './list-state';

type Filters = Omit<UserParams, 'iCurPage' | 'iPageSize'>;

function toFilters(values: UserFilterValues): Filters {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    strUserName: text(values.strUserName),
    strRealName: text(values.strRealName),
    strMobile: text(values.strMobile),
    iHospitalId: values.iHospitalId,
    iRoleType: values.iRoleType,
    iUserState: values.iUserState,
  };
}

/**
 * The user list of /manage/usersManagement (every role) and /admin/AdminList (administrators
 * only, roles 1 and 2). The server limits both to the hospitals the caller may see.
 */
export function UsersScreen({ adminsOnly }: { adminsOnly: boolean }) {
  const { t } = useTranslation('users');
  const { modal } = App.useApp();
  const { iRoleType, iUserId } = useSession();
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const query = useUserPage({
    ...filters,
    ...(adminsOnly ? { bAdminsOnly: 'true' as const } : {}),
    ...paging.page,
  });
  const shown = useLastData(query.data);
  const hospitals = useAllHospitals();
  const config = useConfig();
  const [form, setForm] = useState<{ open: boolean; editing: UserDto | null }>({
    open: false,
    editing: null,
  });
  const changeState = useUpdateUserState();
  const remove = useDeleteUser();

  function handleChangeState(row: UserDto, state: 1 | 2) {
    const action = state === 2 ? 'freeze' : 'enable';
    modal.confirm({
      title: t(`confirm.${action}Title`, { name: row.strUserName }),
      content: t(`confirm.${action}Content`),
      okButtonProps: { danger: state === 2, ...{ 'data-testid': 'user-state-confirm' } },
      onOk: () =>
        changeState.mutateAsync({ iUserId: row.iUserId, state }).then(
          () => toastSuccess(t(`confirm.${action}Done`, { name: row.strUserName })),
          () => undefined, // the client showed why
        ),
    });
  }

  function handleDelete(row: UserDto) {
    modal.confirm({
      title: t('confirm.deleteTitle', { name: row.strUserName }),
      content: t('confirm.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'user-delete-confirm' } },
      onOk: () =>
        remove.mutateAsync(row.iUserId).then(
          () => toastSuccess(t('confirm.deleteDone', { name: row.strUserName })),
          () => undefined,
        ),
    });
  }

  const hospitalOptions = (hospitals.data ?? []).map((h) => ({
    value: h.iHospitalId,
    label: h.strHospitalName,
  }));
  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Flex justify="space-between" align="start" gap="middle" wrap>
          <UserFilters
            adminsOnly={adminsOnly}
            hospitals={hospitalOptions}
            hospitalsLoading={hospitals.isLoading}
            onSearch={(values) => {
              setFilters(toFilters(values));
              paging.toFirstPage();
            }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="user-add"
            onClick={() => setForm({ open: true, editing: null })}
          >
            {t(adminsOnly ? 'actions.addAdmin' : 'actions.add')}
          </Button>
        </Flex>
        {query.isError && (
          <ListError
            title={t('list.loadError')}
            testId="user-error"
            onRetry={() => void query.refetch()}
          />
        )}
        <UserTable
          rows={shown?.listPage ?? []}
          total={shown?.iTotalCount ?? 0}
          page={paging.page.iCurPage}
          pageSize={paging.page.iPageSize}
          loading={query.isFetching}
          failed={query.isError && !shown}
          sessionUserId={iUserId}
          callerRole={iRoleType}
          onPageChange={paging.onPageChange}
          onEdit={(row) => setForm({ open: true, editing: row })}
          onChangeState={handleChangeState}
          onDelete={handleDelete}
        />
      </Space>
      <UserFormModal
        open={form.open}
        editing={form.editing}
        callerRole={iRoleType}
        sessionUserId={iUserId}
        adminsOnly={adminsOnly}
        hospitals={hospitals.data ?? []}
        hospitalsLoading={hospitals.isLoading}
        pwdRules={config?.pwdRules}
        defaultPassword={config?.defaultPassword}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
      />
    </Card>
  );
}
