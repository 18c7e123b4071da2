import { useMessageThreads } from '@/features/case-detail/api/comments';
import { MessageList } from '@/features/case-detail/components/message-list';
import { usePagedRows, usePaging } from './list-state';

/** /msglist: the caller's cases with messages. */
export default function MsgListPage() {
  const paging = usePaging();
  const query = useMessageThreads(paging.page);
  return <MessageList {...usePagedRows(query, paging)} />;
}
