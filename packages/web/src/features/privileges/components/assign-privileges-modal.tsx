import { Alert, Descriptions, Flex, Form, Select, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type PrivilegeGrant, type UserDto } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { showFailure } from '@/lib/form-errors';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  useAdminRolePage,
  useMyPrivilegeList,
  useUpdateUserPrivileges,
  useUserPrivileges,
} from '../api/privileges';
import { granterHoldsOf } from '../utils/granter';
import { PrivilegeChecklist, usePrivilegeSummary } from './privilege-checklist';
import { useSelectClear } from '@/lib/select-clear';

interface AssignValues {
  iRoleId: number | null;
  listPrivilege: PrivilegeGrant[];
}

/**
 * "Assign permissions" for one hospital administrator: its administrator role and the permissions
 * given to it directly; what it holds in effect is shown beside them. Modal `assign-modal`,
 * role select `#assignForm_iRoleId`, button `assign-submit`.
 */
export function AssignPrivilegesModal(props: { user: UserDto | null; onClose: () => void }) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('privileges');
  const [form] = Form.useForm<AssignValues>();
  const current = useUserPrivileges(props.user?.iUserId ?? null);
  const own = useMyPrivilegeList();
  const roles = useAdminRolePage({ iCurPage: 1, iPageSize: MAX_PAGE_SIZE }, !!props.user);
  const save = useUpdateUserPrivileges();
  const summary = usePrivilegeSummary();
  const granter = granterHoldsOf(own.data);
  const roleOptions = (roles.data?.listPage ?? [])
    .filter((r) => r.ddRoleType.iNumber === 2)
    .map((r) => ({ value: r.iRoleId, label: r.strRoleName }));

  function handleFinish(values: AssignValues) {
    if (!props.user) {
      return;
    }
    save.mutate(
      {
        iUserId: props.user.iUserId,
        iRoleId: values.iRoleId ?? null,
        listPrivilege: values.listPrivilege,
      },
      {
        onSuccess: () => {
          toastSuccess(t('assign.saved'));
          props.onClose();
        },
        onError: (error: ApiError) => showFailure(error, toastError, error.strMessage),
      },
    );
  }

  const data = current.data;
  // The saved values, once they arrive for this administrator.
  useEffect(() => {
    if (data) {
      form.setFieldsValue({
        iRoleId: data.role?.iRoleId ?? null,
        listPrivilege: data.listPrivilege,
      });
    }
  }, [data, form]);

  return (
    <FormModal<AssignValues>
      open={!!props.user}
      title={t('assign.title', { name: props.user?.strRealName ?? '' })}
      width={768}
      onCancel={props.onClose}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      submit={{ testId: 'assign-submit', loading: save.isPending, disabled: !data }}
      form={form}
      formProps={{ name: 'assignForm', onFinish: handleFinish }}
    >
      <div data-testid="assign-modal">
        {current.isError && <Alert type="error" showIcon title={t('assign.loadError')} />}
        {!data && !current.isError && <Skeleton active />}
        {data && (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('fields.effective')}>
                {data.listEffective.length === 0 ? (
                  t('assign.none')
                ) : (
                  <Flex wrap gap={4} data-testid="assign-effective">
                    {summary(data.listEffective).map((text) => (
                      <Tag key={text}>{text}</Tag>
                    ))}
                  </Flex>
                )}
              </Descriptions.Item>
            </Descriptions>
            <Form.Item name="iRoleId" label={t('fields.adminRole')}>
              <Select
                allowClear={selectClear}
                placeholder={t('roles.noRole')}
                loading={roles.isLoading}
                options={roleOptions}
              />
            </Form.Item>
            <Form.Item name="listPrivilege" label={t('fields.direct')}>
              <ChecklistField granter={granter} saved={data.listPrivilege} />
            </Form.Item>
          </>
        )}
      </div>
    </FormModal>
  );
}

function ChecklistField(props: {
  value?: PrivilegeGrant[];
  onChange?: (next: PrivilegeGrant[]) => void;
  granter: ReturnType<typeof granterHoldsOf>;
  saved: PrivilegeGrant[];
}) {
  return (
    <PrivilegeChecklist
      value={props.value ?? []}
      onChange={(next) => props.onChange?.(next)}
      granter={props.granter}
      saved={props.saved}
    />
  );
}
