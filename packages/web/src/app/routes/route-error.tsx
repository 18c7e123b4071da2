import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * Error boundary of every route: a screen that throws (or whose chunk failed to load, e.g. after a
 * deployment removed it) shows this instead of a blank page.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={t('routeError.title')}
      subTitle={t('routeError.subTitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('action.reload')}
        </Button>
      }
    />
  );
}
