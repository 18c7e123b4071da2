import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNoticeUnreadCount } from '@/features/notifications/api/notices';
import { useUnreadCount } from '../api/comments';

/**
 * The unread count beside the message-list menu entry: case conversations and workflow messages
 * together, read every minute, after every change and when the WebSocket says something new
 * arrived. Nothing is shown when all is read.
 */
export function UnreadBadge() {
  const { t } = useTranslation('caseDetail');
  const unread = useUnreadCount() + useNoticeUnreadCount();
  return (
    <Badge
      count={unread}
      size="small"
      offset={[6, -2]}
      title={t('unreadTitle', { count: unread })}
      data-testid="msglist-unread-badge"
    />
  );
}
