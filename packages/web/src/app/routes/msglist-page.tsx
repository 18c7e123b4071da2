import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessageThreads } from '@/features/case-detail/api/comments';
import { MessageList } from '@/features/case-detail/components/message-list';
import { NoticeList } from '@/features/notifications/components/notice-list';
import { usePagedRows, usePaging } from './list-state';

/** The case conversations of the caller (comments), newest first. */
function CaseMessages() {
  const paging = usePaging();
  const query = useMessageThreads(paging.page);
  return <MessageList {...usePagedRows(query, paging)} />;
}

/**
 * /msglist: the workflow messages (cases sent, signed, returned, requests...) and the caller's
 * case conversations, each in a tab.
 */
export default function MsgListPage() {
  const { t } = useTranslation('notices');
  return (
    <Tabs
      defaultActiveKey="notices"
      destroyOnHidden
      items={[
        { key: 'notices', label: t('tabNotices'), children: <NoticeList /> },
        { key: 'comments', label: t('tabComments'), children: <CaseMessages /> },
      ]}
      data-testid="msglist-tabs"
    />
  );
}
