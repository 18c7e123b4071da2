import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/config/paths';

/** The catch-all 404, also shown for /forget when the forget-password switch is off. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="standalone-page">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subTitle')}
        extra={
          <Button type="primary" data-testid="back-home" onClick={() => void navigate(HOME_PATH)}>
            {t('action.backHome')}
          </Button>
        }
      />
    </main>
  );
}
