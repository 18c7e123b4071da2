import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LOGIN_PATH } from '@/config/paths';
import { useConfig } from '@/features/config/api/get-config';
import { ForgotPasswordForm } from '@/features/forgot-password/components/forgot-password-form';
import { PASSWORD_RESET_NOTICE } from '@/features/forgot-password/utils/login-notice';
import { PublicPage } from './public-page';

/**
 * /forget (public; the route guard shows 404 while the forget switch is off): a new password by
 * SMS code, then back to the login page, which says the password was reset.
 */
export default function ForgetPage() {
  const { t } = useTranslation('forgotPassword');
  const config = useConfig();
  const navigate = useNavigate();
  return (
    <PublicPage>
      <Typography.Title level={2} className="login-title" data-testid="forget-title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="login-desc">
        {t('intro')}
      </Typography.Paragraph>
      <ForgotPasswordForm
        pwdRules={config?.pwdRules}
        onDone={() => void navigate(LOGIN_PATH, { replace: true, state: PASSWORD_RESET_NOTICE })}
      />
      <div className="login-register">
        <Link to={LOGIN_PATH} data-testid="forget-back">
          {t('backToLogin')}
        </Link>
      </div>
    </PublicPage>
  );
}
