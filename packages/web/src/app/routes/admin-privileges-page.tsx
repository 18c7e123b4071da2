import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_HOSPITAL_ADMIN_PRIVILEGES,
  type PrivilegeGrant,
  type UserDto,
  type UserPrivilegeList,
} from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { useUpdateUserPrivileges } from '@/features/privileges/api/privileges';
import { AdminPrivilegeTable } from '@/features/privileges/components/admin-privilege-table';
import { AssignPrivilegesModal } from '@/features/privileges/components/assign-privileges-modal';
import { sortByTree } from '@/features/privileges/utils/grants';
import { useUserPage } from '@/features/users/api/users';
import { api } from '@/lib/api-client';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/** The starting set as grants: what "open permission" gives. */
const OPENING: PrivilegeGrant[] = DEFAULT_HOSPITAL_ADMIN_PRIVILEGES.map((p) => ({
  strCode: p.code,
  iPrivilegeType: p.scope,
}));

/**
 * /admin/privileges: administrators and their permissions (spec §3 labels: assign permissions,
 * open permission, remove permissions). Platform administrators hold everything; hospital
 * administrators get theirs here.
 */
export default function AdminPrivilegesPage() {
  const { t } = useTranslation('privileges');
  const confirm = useConfirmAction();
  const { iUserId } = useSession();
  const [name, setName] = useState<string | undefined>();
  const paging = usePaging();
  const query = useUserPage({ bAdminsOnly: 'true', strRealName: name, ...paging.page });
  const rows = usePagedRows(query, paging);
  const [assigning, setAssigning] = useState<UserDto | null>(null);
  const update = useUpdateUserPrivileges();

  /** Replaces the direct grants, keeping the administrator's role as it is. */
  async function replaceGrants(
    row: UserDto,
    grants: (current: PrivilegeGrant[]) => PrivilegeGrant[],
  ) {
    const current = await api.get<UserPrivilegeList>('userprivilege/getUserPrivilegeList', {
      query: { iUserId: row.iUserId },
    });
    await update.mutateAsync({
      iUserId: row.iUserId,
      iRoleId: current.role?.iRoleId ?? null,
      listPrivilege: grants(current.listPrivilege),
    });
  }

  function handleOpen(row: UserDto) {
    confirm({
      title: t('assign.openTitle', { name: row.strRealName }),
      content: t('assign.openContent'),
      okText: t('actions.open'),
      cancelText: t('actions.cancel'),
      danger: false,
      okTestId: 'open-confirm',
      action: () =>
        replaceGrants(row, (current) =>
          sortByTree([
            ...current.filter((g) => !OPENING.some((o) => o.strCode === g.strCode)),
            ...OPENING,
          ]),
        ),
      done: t('assign.opened'),
    });
  }

  function handleRemove(row: UserDto) {
    confirm({
      title: t('assign.removeTitle', { name: row.strRealName }),
      content: t('assign.removeContent'),
      okText: t('actions.remove'),
      cancelText: t('actions.cancel'),
      okTestId: 'remove-confirm',
      action: () => update.mutateAsync({ iUserId: row.iUserId, iRoleId: null, listPrivilege: [] }),
      done: t('assign.removed'),
    });
  }

  return (
    <ListPage
      filters={
        <FilterBar<{ strRealName?: string }>
          name="adminPrivilegeFilters"
          onSearch={(values) => {
            setName(values.strRealName?.trim() || undefined);
            paging.toFirstPage();
          }}
          search={{ label: t('actions.search'), testId: 'admin-privilege-search' }}
        >
          <Form.Item name="strRealName" label={t('fields.realName')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </FilterBar>
      }
      query={query}
      loadError={{ title: t('assign.loadError'), testId: 'admin-privilege-error' }}
      dialogs={<AssignPrivilegesModal user={assigning} onClose={() => setAssigning(null)} />}
    >
      <AdminPrivilegeTable
        {...rows}
        selfId={iUserId}
        onAssign={setAssigning}
        onOpen={handleOpen}
        onRemove={handleRemove}
      />
    </ListPage>
  );
}
