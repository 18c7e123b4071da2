import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/config/paths';

/** /403: where the guard sends a role that is not in a route's authority list. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="standalone-page">
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.subTitle')}
        extra={
          <Button type="primary" data-testid="back-home" onClick={() => void navigate(HOME_PATH)}>
            {t('action.backHome')}
          </Button>
        }
      />
    </main>
  );
}
