import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import type { ApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import type { QueueSource } from '../utils/finish-watch';
import { canCancel, type QueueItem } from '../utils/queue';
import { useUploads } from './upload-context';

/** Below this many slides that can be cancelled, each row's own Cancel is enough. */
const FEW = 2;

/**
 * Cancels every slide of the queue that can still be cancelled (waiting, uploading, paused), after
 * one question: fifteen slides chosen from the wrong folder took fifteen questions. The queue
 * stops, then the slides go one after another, as each row's Cancel does; one that finished under
 * the question is not cancelled (the manager leaves finished ones alone).
 */
export function CancelAllUploadsButton({ items }: { items: readonly QueueItem[] }) {
  const { t } = useTranslation('upload');
  const { manager } = useUploads();
  const confirm = useConfirmAction();
  const ids = items.filter(canCancel).map((item) => item.iFileId);
  if (!manager || ids.length < FEW) {
    return null;
  }
  const onClick = () =>
    confirm({
      title: t('lists.cancelAllTitle', { count: ids.length }),
      content: <CancelAllContent source={manager} ids={ids} />,
      okText: t('lists.cancelAllOk'),
      cancelText: t('item.cancelKeep'),
      okTestId: 'upload-cancel-all-confirm',
      action: async () => {
        // Stopped first: a slide cancelled under way let the queue begin the next one, only to
        // have its upload record made and cancelled at once (the manager's cancel waits for a
        // record being made, so none is left behind either way).
        manager.stop();
        for (const id of ids) {
          await manager.cancel(id);
        }
      },
      done: t('lists.cancelAllDone'),
      // The queue's calls are quiet (no toasts while retrying): the refusal is shown here.
      onError: (error: ApiError) => toastError(error.message),
    });
  return (
    <Button
      size="small"
      danger
      icon={<CloseOutlined />}
      onClick={onClick}
      data-testid="upload-cancel-all"
    >
      {t('lists.cancelAll')}
    </Button>
  );
}

/**
 * What cancelling them deletes, read live from the queue while the question is open (the upload
 * goes on under it, as for one slide: cancel-upload-content.tsx).
 */
function CancelAllContent({ source, ids }: { source: QueueSource; ids: readonly number[] }) {
  const { t } = useTranslation('upload');
  const sent = useSyncExternalStore(source.subscribe, () =>
    source
      .getSnapshot()
      .items.filter((item) => ids.includes(item.iFileId) && canCancel(item))
      .reduce((sum, item) => sum + item.lProgress, 0),
  );
  return (
    <span data-testid="upload-cancel-all-content">
      {sent > 0
        ? t('lists.cancelAllContent', { sent: formatBytes(sent) })
        : t('lists.cancelAllContentNothingSent')}
    </span>
  );
}
