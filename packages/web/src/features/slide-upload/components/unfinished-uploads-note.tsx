import { Alert } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { percentOfUpload } from '@/features/slides/utils/slide-progress';
import { useSession } from '@/lib/use-session';
import type { QueueItem } from '../utils/queue';
import { unfinishedToChoose } from '../utils/unfinished-to-choose';
import type { UnfinishedUpload } from '../utils/upload-checks';

/**
 * The caller's own unfinished uploads of the panel's case (or pathology number) that this
 * browser's queue does not hold (begun on another computer, or in a browser whose queue was
 * cleared), each with where it stands: "Continue upload" said which file to choose only in a
 * toast gone after a second, and the panel it opened named none. Shown until the file is chosen
 * again (unfinished-to-choose.ts says which).
 */
export function UnfinishedUploadsNote({
  unfinished,
  byNumber,
  queued,
}: {
  unfinished: readonly UnfinishedUpload[] | undefined;
  /** The panel adds slides to a pathology number without a case. */
  byNumber: boolean;
  queued: readonly Pick<QueueItem, 'iSlideDocumentId'>[];
}) {
  const { t } = useTranslation('upload');
  const { iUserId } = useSession();
  // Every upload the queue held while the panel was open: one finished or cancelled and then
  // cleared from the queue's lists is not unfinished any more.
  const everHeld = useRef(new Set<number | null>());
  for (const item of queued) {
    everHeld.current.add(item.iSlideDocumentId);
  }
  const waiting = unfinishedToChoose(unfinished, iUserId ?? undefined, everHeld.current);
  if (waiting.length === 0) {
    return null;
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={t(byNumber ? 'panel.unfinishedTitleNumber' : 'panel.unfinishedTitle', {
        count: waiting.length,
      })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {waiting.map((u) => (
            <li key={u.iSlideDocumentId} data-testid={`upload-unfinished-${u.strOriginalName}`}>
              {t(u.bStalled === false ? 'panel.unfinishedItemSending' : 'panel.unfinishedItem', {
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
