import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminRoleAddSchema, type AdminRoleDto, type PrivilegeGrant } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors, showFailure } from '@/lib/form-errors';
import { zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveAdminRole } from '../api/privileges';
import { PrivilegeChecklist } from './privilege-checklist';

interface RoleFormValues {
  strRoleName: string;
  iRoleType: 1 | 2;
  listPrivilege: PrivilegeGrant[];
}

interface RoleFormModalProps {
  open: boolean;
  editing: AdminRoleDto | null;
  onClose: () => void;
}

/**
 * Add or edit an administrator role: name, the administrators it is for and its permissions.
 * Modal `role-form-modal`, fields `#roleForm_*`, button `role-form-submit`.
 */
export function RoleFormModal(props: RoleFormModalProps) {
  const { t } = useTranslation('privileges');
  const [form] = Form.useForm<RoleFormValues>();
  const save = useSaveAdminRole();

  function handleFinish(values: RoleFormValues) {
    const body = {
      strRoleName: values.strRoleName.trim(),
      ddRoleType: { iNumber: values.iRoleType },
      listPrivilege: values.listPrivilege,
    };
    save.mutate(props.editing ? { ...body, iRoleId: props.editing.iRoleId } : body, {
      onSuccess: () => {
        toastSuccess(t('roles.saved'));
        props.onClose();
      },
      onError: (error: ApiError) => {
        if (error.strErrorCode === 'ADMIN_ROLE_NAME_EXISTS') {
          form.setFields([{ name: 'strRoleName', errors: [error.strMessage] }]);
        } else if (
          !applyFieldErrors(form, error.fieldErrors, (f) =>
            f.startsWith('listPrivilege') ? 'listPrivilege' : f.split('.')[0],
          )
        ) {
          showFailure(error, toastError, error.strMessage);
        }
      },
    });
  }

  return (
    <FormModal<RoleFormValues>
      open={props.open}
      title={t(props.editing ? 'roles.editTitle' : 'roles.addTitle')}
      width={768}
      onCancel={props.onClose}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      submit={{ testId: 'role-form-submit', loading: save.isPending }}
      form={form}
      formProps={{
        name: 'roleForm',
        initialValues: {
          strRoleName: props.editing?.strRoleName ?? '',
          iRoleType: (props.editing?.ddRoleType.iNumber ?? 2) as 1 | 2,
          listPrivilege: props.editing?.listPrivilege ?? [],
        },
        onFinish: handleFinish,
      }}
    >
      <div data-testid="role-form-modal">
        <Form.Item
          name="strRoleName"
          label={t('fields.roleName')}
          required
          rules={[zodRule(adminRoleAddSchema.shape.strRoleName)]}
        >
          <Input autoFocus maxLength={32} />
        </Form.Item>
        <Form.Item name="iRoleType" label={t('fields.roleType')} required>
          <Radio.Group
            options={([2, 1] as const).map((v) => ({ value: v, label: t(`roleType.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="listPrivilege"
          label={t('fields.privileges')}
          rules={[zodRule(adminRoleAddSchema.shape.listPrivilege, (v: unknown) => v ?? [])]}
        >
          <ChecklistField />
        </Form.Item>
      </div>
    </FormModal>
  );
}

/** The checklist as a form control: platform administrators define roles, so nothing is held back. */
function ChecklistField(props: {
  value?: PrivilegeGrant[];
  onChange?: (next: PrivilegeGrant[]) => void;
}) {
  return (
    <PrivilegeChecklist
      value={props.value ?? []}
      onChange={(next) => props.onChange?.(next)}
      granter="all"
    />
  );
}
