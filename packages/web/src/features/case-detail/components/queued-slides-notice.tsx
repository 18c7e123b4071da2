import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUploadSnapshot } from '@/features/slide-upload/components/upload-context';
import { splitQueue } from '@/features/slide-upload/utils/queue';

/**
 * In a case's Slide files tab: slides of this browser's upload queue for the case that have not
 * begun (the server has no record of them yet, so the list cannot show them), with a button that
 * opens the queue. A doctor who queued three slides saw one listed and wondered where the others
 * went. Renders nothing when there are none. Slides queued by pathology number alone are not
 * counted: once begun they are the number's unmatched slides, which WaitingSlidesNotice offers.
 */
export function QueuedSlidesNotice({
  patientId,
  onOpenQueue,
}: {
  patientId: number;
  onOpenQueue: () => void;
}) {
  const { t } = useTranslation('upload');
  const { items } = useUploadSnapshot();
  const queued = splitQueue(items).active.filter(
    (item) => item.target.iPatientId === patientId && item.iSlideDocumentId === null,
  );
  if (queued.length === 0) {
    return null;
  }
  return (
    <Alert
      type="info"
      showIcon
      title={t('imagery.queuedNotBegun', {
        count: queued.length,
        names: queued.map((item) => item.strFileName).join(t('common:namesSeparator')),
      })}
      action={
        <Button size="small" onClick={onOpenQueue} data-testid="imagery-open-queue">
          {t('imagery.openQueue')}
        </Button>
      }
      data-testid="imagery-queued"
    />
  );
}
