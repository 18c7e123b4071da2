import { Alert, Button, Drawer, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadType } from '@pathconsult/shared';
import { useFinishedStatuses, useSupportSlide } from '../api/upload-calls';
import { finishedOutcome } from '../utils/finished-outcome';
import { sameTarget, splitQueue, type QueueItem } from '../utils/queue';
import { useUploadSnapshot, useUploads, type PanelRequest } from './upload-context';
import { UploadAnnouncer } from './upload-announcer';
import { UploadControls } from './upload-controls';
import { UploadItemRow } from './upload-item-row';
import { UploadPicker } from './upload-picker';
import { CancelAllUploadsButton } from './cancel-all-uploads';
import { UnfinishedUploadsNote } from './unfinished-uploads-note';
import { useUploadsInOtherTabs } from './use-uploads-in-other-tabs';

interface UploadPanelProps {
  open: boolean;
  request: PanelRequest | null;
  onClose: () => void;
}

/**
 * The upload queue's drawer: choosing slides for the case it was opened for, the start/stop
 * button with speed and time left, the queue and the finished list (which follows the slide
 * engine: processing, then uploaded or failed with the reason; and says when a slide was renamed
 * or deleted since). Closing it does not stop
 * anything: the queue runs in the background of the workspace.
 */
export function UploadPanel({ open, request, onClose }: UploadPanelProps) {
  const { t } = useTranslation('upload');
  const snapshot = useUploadSnapshot();
  const support = useSupportSlide(open && request !== null);
  const { active, finished } = splitQueue(snapshot.items);
  const { manager } = useUploads();
  const { statuses, answered, awaiting } = useFinishedStatuses(finished, open);
  const inOtherTabs = useUploadsInOtherTabs(active, open);
  const outcomeOf = ({ iSlideDocumentId: id, ...item }: QueueItem) =>
    id === null
      ? finishedOutcome(item, undefined)
      : finishedOutcome(item, statuses.get(id), answered.has(id), awaiting.has(id));
  const released = new Set(
    finished
      .filter((item) => {
        const outcome = outcomeOf(item);
        return (
          outcome.state === 'removed' || outcome.renamedTo !== null || outcome.numberNow !== null
        );
      })
      .map((item) => item.iFileId),
  );
  // What a screen reader is told: the rows' states, a finished one's once the server has said
  // what the slide engine made of it (not the "processing" shown while its answer is on its way).
  const shown = [
    ...active.map((item) => ({ iFileId: item.iFileId, name: item.strFileName, state: item.state })),
    ...finished.map((item) => ({
      iFileId: item.iFileId,
      name: item.strFileName,
      state:
        item.iSlideDocumentId !== null &&
        item.state === 'uploaded' &&
        !answered.has(item.iSlideDocumentId) &&
        awaiting.has(item.iSlideDocumentId)
          ? null
          : outcomeOf(item).state,
    })),
  ];

  return (
    <>
      {/* Outside the drawer, which is unmounted while closed: the queue runs on meanwhile. */}
      <UploadAnnouncer items={shown} />
      <Drawer
        open={open}
        onClose={onClose}
        size={620}
        title={t('panel.title')}
        // Opened again (for another case or mode), it starts without the last choice's warnings;
        // the queue itself lives in the upload manager.
        destroyOnHidden
        data-testid="upload-panel"
      >
        <Flex vertical gap="middle">
          {request ? (
            <>
              <Typography.Text data-testid="upload-target">
                {t(
                  request.iUploadType === UploadType.Single
                    ? 'panel.modeSingle'
                    : 'panel.modeBatch',
                )}
                {' · '}
                {request.target.iPatientId === null
                  ? t('panel.targetNumber', { num: request.target.strDiagnosistNum })
                  : t('panel.target', {
                      num: request.target.strDiagnosistNum,
                      name: request.target.strPatientName,
                    })}
              </Typography.Text>
              {request.foundByNumber && (
                <Alert
                  type="info"
                  showIcon
                  title={t('panel.caseFound', { num: request.target.strDiagnosistNum })}
                  data-testid="upload-case-found"
                />
              )}
              <UnfinishedUploadsNote
                unfinished={request.unfinished}
                byNumber={request.target.iPatientId === null}
                queued={snapshot.items}
              />
              {support.isError && <Alert type="error" showIcon title={t('picker.typesFailed')} />}
              <UploadPicker
                // Another case or mode (the screen on view changed under the header's panel)
                // starts without the last choice's warnings.
                key={`${request.target.iPatientId ?? request.target.strDiagnosistNum}:${request.iUploadType}`}
                request={request}
                types={support.data?.listType}
                unreadableTypes={support.data?.listNeedsOpenSlide}
                released={released}
              />
            </>
          ) : (
            <Alert type="info" showIcon title={t('panel.noTarget')} />
          )}
          <Typography.Text type="secondary">{t('panel.keepsGoing')}</Typography.Text>
          <UploadControls
            snapshot={snapshot}
            outcomeOf={outcomeOf}
            isElsewhere={(item) => isElsewhere(item, inOtherTabs)}
          />

          <Flex align="center" justify="space-between">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('lists.queue', { count: active.length })}
            </Typography.Title>
            <CancelAllUploadsButton items={active} />
          </Flex>
          <Flex vertical gap="middle" data-testid="upload-queue">
            {active.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lists.emptyQueue')} />
            ) : (
              active.map((item) => (
                <UploadItemRow
                  key={item.iFileId}
                  item={withProgressElsewhere(item, inOtherTabs)}
                  speed={snapshot.speed}
                  trouble={snapshot.trouble}
                  inOtherTab={isElsewhere(item, inOtherTabs)}
                  pausing={snapshot.pausing === item.iFileId}
                  resuming={snapshot.resuming === item.iFileId}
                  checking={snapshot.checking === item.iFileId}
                  checked={snapshot.checking === item.iFileId ? snapshot.checked : null}
                  completing={snapshot.completing === item.iFileId}
                  pickHere={request !== null && sameTarget(request.target, item.target)}
                />
              ))
            )}
          </Flex>

          <Flex align="center" justify="space-between">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('lists.finished', { count: finished.length })}
            </Typography.Title>
            {finished.length > 0 && (
              <Button
                size="small"
                onClick={() => manager?.clearFinished()}
                data-testid="upload-clear-finished"
              >
                {t('lists.clearFinished')}
              </Button>
            )}
          </Flex>
          <Flex vertical gap="middle" data-testid="upload-finished">
            {finished.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lists.emptyFinished')} />
            ) : (
              finished.map((item) => (
                <UploadItemRow key={item.iFileId} item={item} speed={0} outcome={outcomeOf(item)} />
              ))
            )}
          </Flex>
        </Flex>
      </Drawer>
    </>
  );
}

/** Sent by another tab of this browser now (not by this one, which may be winding it down). */
function isElsewhere(item: QueueItem, elsewhere: ReadonlyMap<number, number>): boolean {
  return (
    item.state !== 'uploading' &&
    item.iSlideDocumentId !== null &&
    elsewhere.has(item.iSlideDocumentId)
  );
}

/** An item another tab sends, with the progress that tab last stored for it. */
function withProgressElsewhere(item: QueueItem, elsewhere: ReadonlyMap<number, number>): QueueItem {
  const there = isElsewhere(item, elsewhere) ? elsewhere.get(item.iSlideDocumentId!) : undefined;
  return there === undefined || Number.isNaN(there) ? item : { ...item, lProgress: there };
}
