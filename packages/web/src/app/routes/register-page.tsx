import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegistrationResult } from '@pathconsult/shared';
import { LOGIN_PATH } from '@/config/paths';
import { useSiteTitle } from '@/features/config/api/get-config';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { RegistrationSuccess } from '@/features/registration/components/registration-success';
import { PublicPage } from './public-page';

/** /register (public): the registration form, then what happens next. */
export default function RegisterPage() {
  const { t } = useTranslation('registration');
  const siteTitle = useSiteTitle();
  const [result, setResult] = useState<RegistrationResult | null>(null);
  return (
    <PublicPage style={{ maxWidth: 760 }}>
      <Typography.Title level={3} className="login-title">
        {siteTitle} · {t('title')}
      </Typography.Title>
      {result ? (
        <RegistrationSuccess result={result} />
      ) : (
        <>
          <RegistrationForm onDone={setResult} />
          <div className="login-register">
            {t('haveAccount')} <Link to={LOGIN_PATH}>{t('backToLogin')}</Link>
          </div>
        </>
      )}
    </PublicPage>
  );
}
