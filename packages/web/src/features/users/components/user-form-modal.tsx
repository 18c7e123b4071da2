import { App, Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalOption, RoleTypeCode, UserDto } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAddUser, useUpdateUser } from '../api/users';
import { roleOptions } from '../utils/role-options';
import { userSaveFailure } from '../utils/save-answer';
import {
  userAddBody,
  userFieldOf,
  userToForm,
  userUpdateBody,
  type UserFormValues,
} from '../utils/user-form';
import { UserFormFields } from './user-form-fields';

interface UserFormModalProps {
  open: boolean;
  editing: UserDto | null;
  callerRole: RoleTypeCode | null;
  sessionUserId: number | null;
  adminsOnly: boolean;
  hospitals: HospitalOption[];
  hospitalsLoading: boolean;
  /** Password pattern of the configuration (spec §5: checked on add). */
  pwdRules: string | undefined;
  /** Six-digit password a reset gives (configuration, administrators only). */
  defaultPassword: string | undefined;
  onClose: () => void;
}

/**
 * Add or edit a user (spec §5 "User add or edit") in a 768 modal. Edit mode disables user name,
 * hospital and password; "reset password" (`user-reset-password`) makes the save send the
 * configured default. The modal is `user-form-modal`, its button `user-form-submit`.
 */
export function UserFormModal(props: UserFormModalProps) {
  const { t } = useTranslation(['users', 'common']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<UserFormValues>();
  const [resetTo, setResetTo] = useState<string | null>(null);
  const add = useAddUser();
  const update = useUpdateUser();
  const saving = add.isPending || update.isPending;
  const editing = props.editing;
  const ownAccount = editing !== null && editing.iUserId === props.sessionUserId;

  const hospitalId = Form.useWatch('iHospitalId', form);
  const role = Form.useWatch('iRoleType', form);
  const hospital = editing
    ? editing.hospital
    : props.hospitals.find((h) => h.iHospitalId === hospitalId);
  const currentRole = editing ? userToForm(editing).iRoleType : undefined;
  const roles = roleOptions({
    callerRole: props.callerRole,
    hospitalDiagnosis: hospital ? hospital.ddIsDiagnosis.iNumber : null,
    adminsOnly: props.adminsOnly,
    current: currentRole,
  });

  // The edited user's hospital is always a choice, so the disabled select shows its name.
  const hospitalChoices =
    editing?.hospital &&
    !props.hospitals.some((h) => h.iHospitalId === editing.hospital?.iHospitalId)
      ? [...props.hospitals, { ...editing.hospital }]
      : props.hospitals;

  function initialValues(): Partial<UserFormValues> {
    if (editing) {
      return userToForm(editing);
    }
    // A hospital administrator adds users to the one hospital it sees.
    const only = props.hospitals.length === 1 ? props.hospitals[0] : undefined;
    return { iHospitalId: only?.iHospitalId, iRoleType: props.adminsOnly ? 2 : undefined };
  }

  function handleValuesChange(changed: Partial<UserFormValues>, all: UserFormValues) {
    // A role the new hospital does not allow (expert at a hospital without diagnosis) is dropped.
    if ('iHospitalId' in changed && all.iRoleType !== undefined) {
      const next = props.hospitals.find((h) => h.iHospitalId === changed.iHospitalId);
      const allowed = roleOptions({
        callerRole: props.callerRole,
        hospitalDiagnosis: next ? next.ddIsDiagnosis.iNumber : null,
        adminsOnly: props.adminsOnly,
      });
      if (!allowed.includes(all.iRoleType)) {
        form.setFieldValue('iRoleType', undefined);
      }
    }
  }

  function handleError(error: ApiError) {
    if (applyFieldErrors(form, error.fieldErrors, userFieldOf)) {
      return;
    }
    if (!error.isBusiness) {
      if (!error.shown) {
        toastError(error.strMessage);
      }
      return;
    }
    const failure = userSaveFailure(error.strErrorCode);
    if (failure.field) {
      form.setFields([{ name: failure.field, errors: [t(failure.messageKey)] }]);
    } else {
      toastError(t(failure.messageKey, { reason: error.strMessage }));
    }
  }

  function handleFinish(values: UserFormValues) {
    const done = (key: string) => () => {
      toastSuccess(t(key));
      props.onClose();
    };
    if (editing) {
      update.mutate(userUpdateBody(values, editing.iUserId, resetTo), {
        onSuccess: done(resetTo ? 'form.updatedWithReset' : 'form.updated'),
        onError: handleError,
      });
    } else {
      add.mutate(userAddBody(values), { onSuccess: done('form.added'), onError: handleError });
    }
  }

  function confirmReset() {
    const password = props.defaultPassword;
    if (!password || !editing) {
      return;
    }
    modal.confirm({
      title: t('reset.title', { name: editing.strUserName }),
      content: t('reset.content', { password }),
      okButtonProps: { ...{ 'data-testid': 'user-reset-confirm' } },
      onOk: () => setResetTo(password),
    });
  }

  const passwordSlot = (
    <Form.Item label={t('fields.password')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password disabled value={resetTo ?? '••••••'} visibilityToggle={false} />
        <Button
          onClick={confirmReset}
          // Nobody resets their own password here: the password dialog asks for the old one.
          disabled={!props.defaultPassword || resetTo !== null || ownAccount}
          data-testid="user-reset-password"
        >
          {t('reset.button')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );

  return (
    <FormModal<UserFormValues>
      open={props.open}
      title={t(`form.${editing ? 'edit' : 'add'}${props.adminsOnly ? 'Admin' : ''}Title`)}
      width={768}
      afterClose={() => setResetTo(null)}
      onCancel={props.onClose}
      okText={t('actions.save')}
      submit={{ testId: 'user-form-submit', loading: saving }}
      cancelTestId="user-form-cancel"
      form={form}
      formProps={{
        name: 'userForm',
        initialValues: initialValues(),
        onValuesChange: handleValuesChange,
        onFinish: handleFinish,
        scrollToFirstError: true,
      }}
    >
      <div data-testid="user-form-modal">
        {resetTo && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="user-reset-pending"
            title={t('reset.pending', { password: resetTo })}
          />
        )}
        <UserFormFields
          editing={editing !== null}
          roles={roles}
          role={role}
          hospitals={hospitalChoices}
          hospitalsLoading={props.hospitalsLoading}
          pwdRules={props.pwdRules}
          passwordSlot={passwordSlot}
          adminsOnly={props.adminsOnly}
        />
      </div>
    </FormModal>
  );
}
