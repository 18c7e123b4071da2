import { Badge, Button, Card, Empty, Flex, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentDto } from '@pathconsult/shared';
import { useCommentThread, useMarkCommentsRead } from '../api/comments';
import { CommentComposer } from './comment-composer';

/**
 * The case conversation, oldest first, with a composer below. Opening it marks its messages read
 * (updateCommentList) once they are on screen; those that were unread keep their "new" mark
 * until the thread is read again, so the reader sees what arrived.
 */
export function CommentThread({ iPatientId }: { iPatientId: number }) {
  const { t } = useTranslation('caseDetail');
  const [pages, setPages] = useState(1);
  const thread = useCommentThread(iPatientId, pages);
  const markRead = useMarkCommentsRead();
  const { mutate: mark } = markRead;
  const hasUnread = thread.data?.messages.some((m) => !m.bRead) ?? false;

  useEffect(() => {
    if (hasUnread) {
      mark(iPatientId);
    }
  }, [hasUnread, iPatientId, mark]);

  let body;
  if (thread.isPending) {
    body = <Typography.Text type="secondary">{t('loading')}</Typography.Text>;
  } else if (thread.isError) {
    body = (
      <Flex gap="small" align="center">
        <Typography.Text type="danger">{t('comments.loadError')}</Typography.Text>
        <Button size="small" onClick={() => void thread.refetch()}>
          {t('retry')}
        </Button>
      </Flex>
    );
  } else if (thread.data.messages.length === 0) {
    body = <Empty description={t('comments.empty')} data-testid="comments-empty" />;
  } else {
    const { messages, total } = thread.data;
    body = (
      <>
        <List
          dataSource={messages}
          rowKey="iCommentId"
          data-testid="comment-list"
          renderItem={(m) => <CommentItem message={m} />}
        />
        {messages.length < total && (
          <Button onClick={() => setPages((p) => p + 1)} loading={thread.isFetching}>
            {t('comments.more', { count: total - messages.length })}
          </Button>
        )}
      </>
    );
  }

  return (
    <Card title={t('comments.title')} data-testid="case-comments">
      {body}
      <div style={{ marginTop: 16 }}>
        <CommentComposer iPatientId={iPatientId} />
      </div>
    </Card>
  );
}

function CommentItem({ message: m }: { message: CommentDto }) {
  const { t } = useTranslation('caseDetail');
  const unread = !m.bRead;
  return (
    <List.Item
      data-testid={`comment-${m.iCommentId}`}
      data-unread={unread ? 'true' : 'false'}
      style={
        unread
          ? { background: 'var(--ant-color-warning-bg, #fffbe6)', paddingInline: 8 }
          : undefined
      }
    >
      <List.Item.Meta
        title={
          <Flex gap="small" align="center" wrap>
            {unread && <Badge status="processing" />}
            <Typography.Text strong>{m.author.strRealName}</Typography.Text>
            <Tag>{t(`comments.role.${m.author.ddRoleType.iNumber}`, { defaultValue: '' })}</Tag>
            {m.bMine && <Tag color="blue">{t('comments.mine')}</Tag>}
            {unread && <Tag color="orange">{t('comments.unread')}</Tag>}
            <Typography.Text type="secondary">
              {dayjs(m.dtCreateTime).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </Flex>
        }
        description={
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {m.strContent}
          </Typography.Paragraph>
        }
      />
    </List.Item>
  );
}
