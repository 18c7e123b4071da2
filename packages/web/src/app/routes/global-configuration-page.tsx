import { Alert, Card, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configQueryOptions } from '@/features/config/api/get-config';
import { ConfigForm } from '@/features/config/components/config-form';
import { useSession } from '@/lib/use-session';
import { ListError } from './list-error';

/**
 * /globalConfiguration/basic: platform administrators change the global configuration; experts,
 * for whom the spec opens the route, see the values without changing them.
 */
export default function GlobalConfigurationPage() {
  const { t } = useTranslation('config');
  const { iRoleType } = useSession();
  const query = useQuery(configQueryOptions);
  const readOnly = iRoleType !== 1;
  return (
    <Card title={t('title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {readOnly && (
          <Alert type="info" showIcon title={t('readOnly')} data-testid="config-readonly" />
        )}
        {query.isError && !query.data && (
          <ListError
            title={t('loadError')}
            testId="config-error"
            onRetry={() => void query.refetch()}
          />
        )}
        {query.isPending && <Skeleton active />}
        {query.data && <ConfigForm config={query.data} readOnly={readOnly} />}
      </Space>
    </Card>
  );
}
