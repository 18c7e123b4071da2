import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/comments';

/**
 * The unread-message count beside the message-list menu entry, read every minute (and after
 * every change of the caller's messages). Nothing is shown when all is read.
 */
export function UnreadBadge() {
  const { t } = useTranslation('caseDetail');
  const unread = useUnreadCount();
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
