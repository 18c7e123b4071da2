import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRoleDto } from '@pathconsult/shared';
import { FilterBar } from '@/components/filter-bar';
import { useAdminRolePage, useDeleteAdminRole } from '@/features/privileges/api/privileges';
import { RoleFormModal } from '@/features/privileges/components/role-form-modal';
import { RoleTable } from '@/features/privileges/components/role-table';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/**
 * /admin/roles: administrator roles (spec §2 "role and permission management"). Platform
 * administrators define them; hospital administrators holding permission manage read them.
 */
export default function AdminRolesPage() {
  const { t } = useTranslation('privileges');
  const confirm = useConfirmAction();
  const { iRoleType } = useSession();
  const mayManage = iRoleType === 1;
  const [name, setName] = useState<string | undefined>();
  const paging = usePaging();
  const query = useAdminRolePage({ strRoleName: name, ...paging.page });
  const rows = usePagedRows(query, paging);
  const [form, setForm] = useState<{ open: boolean; editing: AdminRoleDto | null }>({
    open: false,
    editing: null,
  });
  const remove = useDeleteAdminRole();

  function handleDelete(row: AdminRoleDto) {
    confirm({
      title: t('roles.deleteTitle', { name: row.strRoleName }),
      content: t('roles.deleteContent'),
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      okTestId: 'role-delete-confirm',
      // A role still in use is refused; the client shows why.
      action: () => remove.mutateAsync(row.iRoleId),
      done: t('roles.deleted'),
    });
  }

  return (
    <ListPage
      notice={!mayManage && <Alert type="info" showIcon title={t('roles.readOnly')} />}
      filters={
        <FilterBar<{ strRoleName?: string }>
          name="roleFilters"
          onSearch={(values) => {
            setName(values.strRoleName?.trim() || undefined);
            paging.toFirstPage();
          }}
          search={{ label: t('actions.search'), testId: 'role-search' }}
        >
          <Form.Item name="strRoleName" label={t('fields.roleName')}>
            <Input allowClear maxLength={64} />
          </Form.Item>
        </FilterBar>
      }
      add={{
        label: t('actions.addRole'),
        testId: 'role-add',
        onClick: () => setForm({ open: true, editing: null }),
        allowed: mayManage,
      }}
      query={query}
      loadError={{ title: t('roles.loadError'), testId: 'role-error' }}
      dialogs={
        <RoleFormModal
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((f) => ({ ...f, open: false }))}
        />
      }
    >
      <RoleTable
        {...rows}
        mayManage={mayManage}
        onEdit={(row) => setForm({ open: true, editing: row })}
        onDelete={handleDelete}
      />
    </ListPage>
  );
}
