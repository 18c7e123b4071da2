import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExceptionResult } from '@/components/exception-result';
import { HOME_PATH } from '@/config/paths';

/** A page that only says why nothing is shown here (403, 404), with the way back home. */
export function ResultPage({
  status,
  subTitle,
}: {
  status: '403' | '404';
  /** Why, where more is known than the status says. */
  subTitle?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const texts = status === '403' ? 'forbidden' : 'notFound';
  return (
    <main className="standalone-page">
      <ExceptionResult
        status={status}
        title={t(`${texts}.title`)}
        subTitle={subTitle ?? t(`${texts}.subTitle`)}
        extra={
          <Button type="primary" data-testid="back-home" onClick={() => void navigate(HOME_PATH)}>
            {t('action.backHome')}
          </Button>
        }
      />
    </main>
  );
}
