import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import type { QueueSource } from '../utils/finish-watch';

/**
 * What cancelling an upload deletes, read live from the queue while the question is open: the
 * upload goes on under it, so a figure taken when the dialog opened went stale ("672 KB already
 * sent" of a slide well past that), and a waiting slide the queue reached meanwhile was still
 * said to have sent nothing.
 */
export function CancelUploadContent({
  source,
  iFileId,
  sentElsewhere,
}: {
  source: QueueSource;
  iFileId: number;
  /** Progress another tab of this browser reported for it (this tab's copy lags behind). */
  sentElsewhere: number;
}) {
  const { t } = useTranslation('upload');
  const item = useSyncExternalStore(source.subscribe, () =>
    source.getSnapshot().items.find((i) => i.iFileId === iFileId),
  );
  const sent = Math.max(item?.lProgress ?? 0, sentElsewhere);
  // A waiting item has sent nothing: say what cancelling really removes. One begun elsewhere:
  // what was sent there goes too (with what this browser added since), and a browser still
  // sending it stops.
  return (
    <span data-testid="upload-cancel-content">
      {sent > 0
        ? t(item?.bContinued ? 'item.cancelContentContinued' : 'item.cancelContent', {
            sent: formatBytes(sent),
          })
        : t('item.cancelContentNothingSent')}
    </span>
  );
}
