import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginRequestSchema, type LoginRequest } from '@pathconsult/shared';
import type { ApiError } from '@/lib/api-error';
import { zodRule } from '@/lib/form-rules';
import { getRememberedName, setRememberedName } from '@/lib/session';
import { useLogin } from '../api/login';

interface LoginValues extends LoginRequest {
  remember: boolean;
}

interface LoginFormProps {
  /** Whether the configuration offers the forgot-password page. */
  forget: boolean;
  onLoggedIn: () => void;
}

/**
 * Login by user name or mobile (spec §2). "Remember me" keeps the user NAME in localStorage for
 * the next visit; the password is never stored. Field ids come from the form name: `#login_strUserName`.
 */
export function LoginForm({ forget, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [rememberedName] = useState(getRememberedName);
  const loginMutation = useLogin(onLoggedIn);

  function handleFinish(values: LoginValues) {
    setFailure(null);
    const body = {
      strUserName: values.strUserName.trim(),
      strUserPassword: values.strUserPassword,
    };
    loginMutation.mutate(body, {
      onSuccess: () => setRememberedName(values.remember ? body.strUserName : null),
      onError: (error: ApiError) => {
        if (error.fieldErrors.length > 0) {
          form.setFields(
            error.fieldErrors.map((f) => ({
              name: f.strField as keyof LoginValues,
              errors: [f.strMessage],
            })),
          );
        } else if (!error.shown) {
          setFailure(error.strMessage || t('login.failed'));
        }
      },
    });
  }

  return (
    <Form<LoginValues>
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ strUserName: rememberedName, remember: rememberedName !== '' }}
      onFinish={handleFinish}
      onValuesChange={() => setFailure(null)}
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          data-testid="login-error"
          role="alert"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name="strUserName"
        label={t('login.userName')}
        rules={[zodRule(loginRequestSchema.shape.strUserName)]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" size="large" />
      </Form.Item>
      <Form.Item
        name="strUserPassword"
        label={t('login.password')}
        rules={[zodRule(loginRequestSchema.shape.strUserPassword)]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      <div className="login-options">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        {forget && (
          <Link to="/forget" data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
        )}
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={loginMutation.isPending}
        data-testid="login-submit"
      >
        {t('login.submit')}
      </Button>
      <div className="login-register">
        <Link to="/register" data-testid="login-register">
          {t('login.register')}
        </Link>
      </div>
    </Form>
  );
}
