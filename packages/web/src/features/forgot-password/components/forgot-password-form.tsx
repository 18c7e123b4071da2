import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetPasswordFieldsSchema, type ForgetPasswordInput } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { passwordPatternRule, sameAsRule, zodRule } from '@/lib/form-rules';
import { toastError } from '@/lib/toast';
import { useResetPassword, useSendCode } from '../api/forgot-password';
import { fieldOfFailure } from '../utils/failures';
import { useCountdown } from './use-countdown';

type Values = ForgetPasswordInput;

interface ForgotPasswordFormProps {
  /** Password pattern of the configuration; empty for none. */
  pwdRules: string | undefined;
  onDone: () => void;
}

/**
 * Forgot password (spec §5): mobile number, "send code" with a 60-second countdown, the code, the
 * new password (at least 6 and the configured pattern) and its confirmation, each field checked
 * with the shared schema the server uses. Fields `#forgetPassword_<field>`; buttons
 * `forget-send-code`, `forget-submit`.
 */
export function ForgotPasswordForm({ pwdRules, onDone }: ForgotPasswordFormProps) {
  const { t } = useTranslation('forgotPassword');
  const [form] = Form.useForm<Values>();
  const sendCode = useSendCode();
  const reset = useResetPassword();
  const countdown = useCountdown();
  const [sentNote, setSentNote] = useState<string | null>(null);
  const shape = forgetPasswordFieldsSchema.shape;

  /**
   * A refusal: on its field when it concerns one (the client showed nothing for it), else a toast
   * unless the client already showed one. `what` words the toast of a failed reset.
   */
  function showFailure(error: ApiError, what: 'send' | 'reset') {
    if (applyFieldErrors(form, error.fieldErrors)) {
      return;
    }
    const field = fieldOfFailure(error.strErrorCode);
    if (field && !error.shown) {
      form.setFields([{ name: field, errors: [error.strMessage] }]);
    } else if (!error.shown && error.strMessage) {
      toastError(what === 'reset' ? t('failed', { reason: error.strMessage }) : error.strMessage);
    }
  }

  async function handleSendCode() {
    setSentNote(null);
    try {
      await form.validateFields(['strMobile']);
    } catch {
      return; // the field shows why
    }
    const strMobile = form.getFieldValue('strMobile').trim();
    sendCode.mutate(
      { strMobile },
      {
        onSuccess: (answer) => {
          countdown.start(answer.iResendSeconds);
          setSentNote(t('codeSent', { minutes: answer.iExpiresMinutes }));
          form.focusField('strCode');
        },
        onError: (error) => showFailure(error, 'send'),
      },
    );
  }

  function handleFinish(values: Values) {
    reset.mutate(
      { ...values, strMobile: values.strMobile.trim(), strCode: values.strCode.trim() },
      { onSuccess: onDone, onError: (error) => showFailure(error, 'reset') },
    );
  }

  return (
    <Form<Values>
      form={form}
      name="forgetPassword"
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
    >
      {sentNote && (
        <Alert
          type="info"
          showIcon
          title={sentNote}
          data-testid="forget-code-sent"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item name="strMobile" label={t('fields.mobile')} rules={[zodRule(shape.strMobile)]}>
        <Input
          prefix={<MobileOutlined />}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          size="large"
          autoFocus
        />
      </Form.Item>
      <Form.Item label={t('fields.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="strCode" noStyle rules={[zodRule(shape.strCode)]}>
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              size="large"
              aria-label={t('fields.code')}
            />
          </Form.Item>
          <Button
            size="large"
            disabled={countdown.left > 0}
            loading={sendCode.isPending}
            onClick={() => void handleSendCode()}
            data-testid="forget-send-code"
            style={{ minWidth: 140 }}
          >
            {countdown.left > 0 ? t('resendIn', { seconds: countdown.left }) : t('sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="strNewPassword"
        label={t('fields.newPassword')}
        extra={pwdRules ? t('patternHint') : undefined}
        rules={[zodRule(shape.strNewPassword), passwordPatternRule(pwdRules)]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="strConfirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['strNewPassword']}
        rules={[zodRule(shape.strConfirmPassword), sameAsRule('strNewPassword')]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={reset.isPending}
        data-testid="forget-submit"
      >
        {t('submit')}
      </Button>
    </Form>
  );
}
