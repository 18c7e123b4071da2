import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentOfUpload } from '@/features/slides/utils/slide-progress';
import { useSession } from '@/lib/use-session';
import type { QueueItem } from '../utils/queue';
import type { UnfinishedUpload } from '../utils/upload-checks';

/**
 * The caller's own unfinished uploads of the panel's case that this browser's queue does not
 * hold (begun on another computer, or in a browser whose queue was cleared), each with where it
 * stopped: "Continue upload" said which file to choose only in a toast gone after a second, and
 * the panel it opened named none. Shown until the file is chosen again; one the queue holds
 * waiting for its file says so on its own row.
 */
export function UnfinishedUploadsNote({
  unfinished,
  queued,
}: {
  unfinished: readonly UnfinishedUpload[] | undefined;
  queued: readonly Pick<QueueItem, 'iSlideDocumentId'>[];
}) {
  const { t } = useTranslation('upload');
  const { iUserId } = useSession();
  const held = new Set(queued.map((item) => item.iSlideDocumentId));
  const waiting = (unfinished ?? []).filter(
    (u) => u.iUploadUserId === iUserId && !held.has(u.iSlideDocumentId),
  );
  if (waiting.length === 0) {
    return null;
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t('panel.unfinishedTitle', { count: waiting.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {waiting.map((u) => (
            <li key={u.iSlideDocumentId} data-testid={`upload-unfinished-${u.strOriginalName}`}>
              {t('panel.unfinishedItem', {
                name: u.strOriginalName,
                percent: percentOfUpload(u.lProgress, u.lSize),
              })}
            </li>
          ))}
        </ul>
      }
      data-testid="upload-unfinished"
    />
  );
}
