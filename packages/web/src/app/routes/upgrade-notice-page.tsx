import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpgradeNoticeDto } from '@pathconsult/shared';
import {
  useDeleteNotice,
  useUpgradeNoticePage,
} from '@/features/upgrade-notice/api/upgrade-notices';
import { NoticeForm } from '@/features/upgrade-notice/components/notice-form';
import { NoticeTable } from '@/features/upgrade-notice/components/notice-table';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/**
 * /admin/upgradeNotice: platform administrators announce maintenance windows, shown as banners on
 * the login page and in the workspace until they end. Hospital administrators reach the route
 * through the administrators' menu, but notices concern the whole platform: they are told so.
 */
export default function UpgradeNoticePage() {
  const { t } = useTranslation('upgradeNotice');
  const confirm = useConfirmAction();
  const { iRoleType } = useSession();
  const mayPublish = iRoleType === 1;
  const paging = usePaging();
  const query = useUpgradeNoticePage(paging.page, mayPublish);
  const rows = usePagedRows(query, paging);
  const remove = useDeleteNotice();

  if (!mayPublish) {
    return (
      <Card>
        <Alert type="info" showIcon title={t('platformOnly')} data-testid="notice-platform-only" />
      </Card>
    );
  }

  function confirmDelete(row: UpgradeNoticeDto) {
    confirm({
      title: t('delete.title', { name: row.strPlatformName }),
      content: t('delete.content'),
      okText: t('actions.delete'),
      okTestId: 'notice-delete-confirm',
      action: () => remove.mutateAsync(row.iNoticeId),
      done: t('delete.done'),
    });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('form.title')}>
        <NoticeForm />
      </Card>
      <ListPage
        title={t('listTitle')}
        query={query}
        loadError={{ title: t('loadError'), testId: 'notice-error' }}
      >
        <NoticeTable {...rows} onDelete={confirmDelete} />
      </ListPage>
    </Space>
  );
}
