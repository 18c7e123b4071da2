import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits, passwordChangeSchema } from '@pathconsult/shared';
import { FormModal } from '@/components/form-modal';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { passwordPatternRule, requiredRule, sameAsRule, zodRule } from '@/lib/form-rules';
import { toastError, toastSuccess } from '@/lib/toast';
import { useChangePassword } from '../api/account';
import { passwordChangeFailure } from '../utils/answers';

interface PasswordValues {
  strOldUserPassword: string;
  strNewUserPassword: string;
  strConfirmPassword: string;
}

interface ChangePasswordDialogProps {
  open: boolean;
  iUserId: number | null;
  /** Password pattern of the configuration; empty for none. */
  pwdRules: string | undefined;
  onClose: () => void;
  /** Called 0.5 s after a successful change (spec §4): the server has ended the session. */
  onChanged: () => void;
}

/**
 * Password change (spec §5): old, new (at least 6 and the configured pattern, different from the
 * old one), confirmation. The modal is `account-password-modal`, its button
 * `account-password-submit`; fields `#changePassword_<field>`.
 */
export function ChangePasswordDialog(props: ChangePasswordDialogProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const [leaving, setLeaving] = useState(false);
  const shape = passwordChangeSchema.shape;

  const differsFromOld: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value === getFieldValue('strOldUserPassword')) {
        throw new Error(t('password.sameAsOld'));
      }
    },
  });

  function handleFinish(values: PasswordValues) {
    if (props.iUserId === null) {
      return;
    }
    const body = {
      iUserId: props.iUserId,
      strOldUserPassword: values.strOldUserPassword,
      strNewUserPassword: values.strNewUserPassword,
    };
    change.mutate(body, {
      onSuccess: () => {
        setLeaving(true);
        toastSuccess(t('password.changed'));
        setTimeout(props.onChanged, Limits.logoutAfterPasswordChangeMs);
      },
      onError: (error: ApiError) => {
        if (applyFieldErrors(form, error.fieldErrors)) {
          return;
        }
        if (!error.isBusiness) {
          if (!error.shown) {
            toastError(error.strMessage);
          }
          return;
        }
        const failure = passwordChangeFailure(error.strErrorCode);
        if (failure.field) {
          form.setFields([{ name: failure.field, errors: [t(failure.messageKey)] }]);
        } else {
          toastError(t(failure.messageKey, { reason: error.strMessage }));
        }
      },
    });
  }

  return (
    <FormModal<PasswordValues>
      open={props.open}
      title={t('password.title')}
      afterClose={() => setLeaving(false)}
      onCancel={props.onClose}
      okText={t('password.submit')}
      submit={{ testId: 'account-password-submit', loading: change.isPending || leaving }}
      form={form}
      formProps={{ name: 'changePassword', disabled: leaving, onFinish: handleFinish }}
    >
      <div data-testid="account-password-modal">
        <Form.Item
          name="strOldUserPassword"
          label={t('password.old')}
          required
          rules={[zodRule(shape.strOldUserPassword)]}
        >
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="strNewUserPassword"
          label={t('password.new')}
          required
          dependencies={['strOldUserPassword']}
          extra={props.pwdRules ? t('password.patternHint') : undefined}
          rules={[
            zodRule(shape.strNewUserPassword),
            passwordPatternRule(props.pwdRules),
            differsFromOld,
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="strConfirmPassword"
          label={t('password.confirm')}
          required
          dependencies={['strNewUserPassword']}
          rules={[requiredRule(), sameAsRule('strNewUserPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </div>
    </FormModal>
  );
}
