import { Badge, Button, Empty, Flex, List, Segmented, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NoticeDto } from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { useKeepPageInRange, usePaging } from '@/app/routes/list-state';
import { useMarkNoticesRead, useNotices } from '../api/notices';
import { noticeHref, noticeText } from '../utils/notice-text';

/**
 * The workflow messages of /msglist: newest first, unread ones marked; opening one marks it read
 * and goes to the case; all can be marked read at once.
 */
export function NoticeList() {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  const paging = usePaging();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const notices = useNotices({ ...paging.page, bUnread: unreadOnly ? 'true' : undefined });
  // Marking the last unread ones of the last page read leaves that page empty.
  useKeepPageInRange(notices.data?.iTotalCount, paging);
  const mark = useMarkNoticesRead();

  const open = (n: NoticeDto) => {
    if (!n.bRead) {
      mark.mutate({ listNoticeId: [n.iNoticeId] });
    }
    const href = noticeHref(n);
    if (href) {
      void navigate(href);
    }
  };

  if (notices.isError) {
    return (
      <ListError
        title={t('loadError')}
        testId="notices-error"
        onRetry={() => void notices.refetch()}
      />
    );
  }
  return (
    <Flex vertical gap="middle" data-testid="notice-list">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Segmented
          aria-label={t('filterLabel')}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => {
            setUnreadOnly(v === 'unread');
            paging.toFirstPage();
          }}
          options={[
            { value: 'all', label: t('all') },
            { value: 'unread', label: t('unreadOnly') },
          ]}
        />
        <Button
          onClick={() => mark.mutate({ bAll: true })}
          loading={mark.isPending && mark.variables?.bAll === true}
          data-testid="notices-read-all"
        >
          {t('readAll')}
        </Button>
      </Flex>
      <List<NoticeDto>
        loading={notices.isPending}
        dataSource={notices.data?.listPage ?? []}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        pagination={{
          current: paging.page.iCurPage,
          pageSize: paging.page.iPageSize,
          total: notices.data?.iTotalCount ?? 0,
          onChange: paging.onPageChange,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total, count: total }),
        }}
        renderItem={(n) => (
          <List.Item
            key={n.iNoticeId}
            data-testid={`notice-${n.iNoticeId}`}
            style={{ cursor: 'pointer' }}
            onClick={() => open(n)}
          >
            <List.Item.Meta
              avatar={<Badge status={n.bRead ? 'default' : 'processing'} />}
              title={
                <Typography.Text strong={!n.bRead} data-testid="notice-text">
                  {noticeText(n, t)}
                </Typography.Text>
              }
              description={dayjs(n.dtCreateTime).format('YYYY-MM-DD HH:mm')}
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
