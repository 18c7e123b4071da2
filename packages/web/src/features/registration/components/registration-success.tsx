import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegistrationResult } from '@pathconsult/shared';
import { LOGIN_PATH } from '@/config/paths';

/** After registering: the account waits for review, which takes 3 working days (spec §5). */
export function RegistrationSuccess({ result }: { result: RegistrationResult }) {
  const { t } = useTranslation('registration');
  return (
    <Result
      status="success"
      title={t('success.title')}
      subTitle={
        <span data-testid="register-success">
          {t('success.body', { name: result.strUserName, days: result.iReviewWorkingDays })}
        </span>
      }
      extra={
        // The hash router's address of the login page: a real link, shown as a button.
        <Button type="primary" href={`#${LOGIN_PATH}`} data-testid="register-back-login">
          {t('backToLogin')}
        </Button>
      }
    />
  );
}
