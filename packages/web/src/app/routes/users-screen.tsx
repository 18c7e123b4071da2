import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '@pathconsult/shared';
import { useConfig } from '@/features/config/api/get-config';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { hospitalOptions } from '@/features/hospitals/utils/hospital-options';
import {
  useDeleteUser,
  useUpdateUserState,
  useUserPage,
  type UserParams,
} from '@/features/users/api/users';
import { UserFilters, type UserFilterValues } from '@/features/users/components/user-filters';
import { UserFormModal } from '@/features/users/components/user-form-modal';
import { UserTable } from '@/features/users/components/user-table';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

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
  const confirm = useConfirmAction();
  const { iRoleType, iUserId } = useSession();
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const query = useUserPage({
    ...filters,
    ...(adminsOnly ? { bAdminsOnly: 'true' as const } : {}),
    ...paging.page,
  });
  const rows = usePagedRows(query, paging);
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
    confirm({
      title: t(`confirm.${action}Title`, { name: row.strUserName }),
      content: t(`confirm.${action}Content`),
      danger: state === 2,
      okTestId: 'user-state-confirm',
      action: () => changeState.mutateAsync({ iUserId: row.iUserId, state }),
      done: t(`confirm.${action}Done`, { name: row.strUserName }),
    });
  }

  function handleDelete(row: UserDto) {
    confirm({
      title: t('confirm.deleteTitle', { name: row.strUserName }),
      content: t('confirm.deleteContent'),
      okText: t('actions.delete'),
      okTestId: 'user-delete-confirm',
      action: () => remove.mutateAsync(row.iUserId),
      done: t('confirm.deleteDone', { name: row.strUserName }),
    });
  }

  return (
    <ListPage
      filters={
        <UserFilters
          adminsOnly={adminsOnly}
          hospitals={hospitalOptions(hospitals.data)}
          hospitalsLoading={hospitals.isLoading}
          onSearch={(values) => {
            setFilters(toFilters(values));
            paging.toFirstPage();
          }}
        />
      }
      add={{
        label: t(adminsOnly ? 'actions.addAdmin' : 'actions.add'),
        testId: 'user-add',
        onClick: () => setForm({ open: true, editing: null }),
      }}
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'user-error' }}
      dialogs={
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
      }
    >
      <UserTable
        {...rows}
        sessionUserId={iUserId}
        callerRole={iRoleType}
        onEdit={(row) => setForm({ open: true, editing: row })}
        onChangeState={handleChangeState}
        onDelete={handleDelete}
      />
    </ListPage>
  );
}
