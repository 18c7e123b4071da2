import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { DEFAULT_CONFIG, useConfig } from '@/features/config/api/get-config';
import { LoginForm } from '@/features/auth/components/login-form';
import { HOME_PATH } from '@/config/paths';

/** /login: site title and description from the configuration, the form, the language switch. */
export default function LoginPage() {
  const config = useConfig() ?? DEFAULT_CONFIG;
  const navigate = useNavigate();
  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <Card className="login-card">
        <Typography.Title level={2} className="login-title" data-testid="site-title">
          {config.siteTitle}
        </Typography.Title>
        {config.loginDesc && (
          <Typography.Paragraph type="secondary" className="login-desc">
            {config.loginDesc}
          </Typography.Paragraph>
        )}
        <LoginForm
          forget={config.forget}
          onLoggedIn={() => void navigate(HOME_PATH, { replace: true })}
        />
      </Card>
    </main>
  );
}
