import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_CONFIG, useConfig, useSiteTitle } from '@/features/config/api/get-config';
import { LoginForm } from '@/features/auth/components/login-form';
import { UpgradeBanner } from '@/features/upgrade-notice/components/upgrade-banner';
import { HOME_PATH } from '@/config/paths';
import { takeReturnTo } from '@/lib/return-to';
import { serverText } from '@/lib/server-text';
import { forgetSessionEnded, sessionEndedBefore } from '@/lib/session-ended';
import { isPasswordResetNotice } from '@/features/forgot-password/utils/login-notice';
import { PublicPage } from './public-page';

/** /login: site title and description from the configuration, the form, the language switch. */
export default function LoginPage() {
  const config = useConfig() ?? DEFAULT_CONFIG;
  const siteTitle = useSiteTitle();
  const navigate = useNavigate();
  const { t } = useTranslation('forgotPassword');
  // Arriving from /forget after a reset: say so until the user logs in.
  const passwordReset = isPasswordResetNotice(useLocation().state);
  // The last session of this tab ended by itself: said until the next login (its toast is gone in
  // a second, and the screen it ended on comes back after the login).
  const [sessionEnded] = useState(sessionEndedBefore);
  return (
    <PublicPage>
      {/* Maintenance ahead or under way: said before anyone tries to log in. */}
      <UpgradeBanner style={{ marginBottom: 16 }} />
      <Typography.Title level={2} className="login-title" data-testid="site-title">
        {siteTitle}
      </Typography.Title>
      {config.loginDesc && (
        <Typography.Paragraph type="secondary" className="login-desc">
          {config.loginDesc}
        </Typography.Paragraph>
      )}
      {sessionEnded && !passwordReset && (
        <Alert
          type="warning"
          showIcon
          title={serverText('SESSION_EXPIRED')}
          data-testid="login-session-ended"
          style={{ marginBottom: 16 }}
        />
      )}
      {passwordReset && (
        <Alert
          type="success"
          showIcon
          title={t('done')}
          data-testid="login-notice"
          style={{ marginBottom: 16 }}
        />
      )}
      <LoginForm
        forget={config.forget}
        onLoggedIn={() => {
          forgetSessionEnded();
          void navigate(takeReturnTo() ?? HOME_PATH, { replace: true });
        }}
      />
    </PublicPage>
  );
}
