import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Statistic, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import { ApiError } from '@/lib/api-error';
import { serverText } from '@/lib/server-text';
import { toastWarning } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { memoryUsage, useQueueStorage } from '../api/upload-calls';
import type { UploadSnapshot } from '../api/upload-manager';
import type { FinishedOutcome } from '../utils/finished-outcome';
import { isStorageRefusal, percentOf, queueTotals, statusOf, type QueueItem } from '../utils/queue';
import { formatSpeed, type Remaining } from '../utils/speed';
import {
  capacityUsedUp,
  storageCheckKey,
  storageShortfall,
  toRegisterKey,
} from '../utils/upload-checks';
import { takeStartRequest, useUploadUi, useUploads } from './upload-context';

export function useRemainingText() {
  const { t } = useTranslation('upload');
  return (remaining: Remaining | null) =>
    remaining ? t(`remaining.${remaining.unit}`, { value: remaining.value }) : '—';
}

/**
 * The one start/stop button of spec §4 (starting sets the uploading flag and the one-second speed
 * timer; pressing again stops), with the total progress, the speed and the time left.
 */
export function UploadControls({
  snapshot,
  outcomeOf,
  isElsewhere = () => false,
}: {
  snapshot: UploadSnapshot;
  /** How a finished item ended, the slide engine's verdict included. */
  outcomeOf: (item: QueueItem) => FinishedOutcome;
  /** Whether another tab of this browser sends the item now: not this tab's to count. */
  isElsewhere?: (item: QueueItem) => boolean;
}) {
  const { t } = useTranslation('upload');
  const { manager } = useUploads();
  const { user } = useSession();
  const remainingText = useRemainingText();
  const [checking, setChecking] = useState(false);
  // Start refused for storage: said until the next Start, not in a one-second toast (the queue's
  // items stay waiting with nothing else to say why).
  const [capacityRefused, setCapacityRefused] = useState(false);
  // The total and the button are about what this tab sends: another tab's slide is neither
  // counted nor resumed here (its tab shows it).
  const own = snapshot.items.filter((item) => !isElsewhere(item));
  // More to send than the storage left: said as soon as such slides are queued, before Start (it
  // was found only at Start), and with the figures of the queue as it is now, asked for again
  // whenever a slide is added, removed or registered (the slides that fit are sent; each one
  // that does not stops with its reason). Closed, it stays closed until the queue changes.
  const checkKey = storageCheckKey(own);
  const storage = useQueueStorage(user?.hospital?.iHospitalId, checkKey);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const registerKey = toRegisterKey(own);
  // The figures of the queue as it was are not weighed against the queue as it is (a slide just
  // registered has left what is to send, its storage not yet in the used figure): until the
  // answer for the queue as it is arrives, the last verdict stays.
  const lastShortOf = useRef<{ toSend: number; left: number } | null>(null);
  if (checkKey === '') {
    lastShortOf.current = null;
  } else if (storage.data && !storage.isPlaceholderData) {
    lastShortOf.current = storageShortfall(own, storage.data);
  }
  const shortOf = dismissedKey === registerKey ? null : lastShortOf.current;
  const totals = queueTotals(own);
  const finished = snapshot.items.filter((item) => statusOf(item) === 1);
  // Stopped part-way: the button goes on with what was sent ("Resume"), it does not start over;
  // also after a pause within a slide's first megabyte (nothing kept, but it was paused). A slide
  // refused for storage before its first byte was not begun: the button still says Start.
  const resumes = own.some(
    (item) =>
      statusOf(item) !== 1 &&
      (item.lProgress > 0 || (item.state === 'paused' && !isStorageRefusal(item.reason))),
  );
  const outcomes = finished.map((item) => outcomeOf(item).state);
  const processing = outcomes.filter((s) => s === 'processing').length;
  const removed = outcomes.filter((s) => s === 'removed').length;

  // Start (spec §5: storage checked first), also with the queue running: a slide paused by a
  // refusal meanwhile goes back in line (its row's "Resume upload" asks for it).
  const startQueue = async () => {
    if (!manager) {
      return;
    }
    setCapacityRefused(false);
    setDismissedKey(null);
    // Slides restored after a reload wait for their files to be chosen again: said whenever the
    // button cannot send them, also when it goes on with the others.
    const needFiles = snapshot.items.filter(
      (item) => item.bNeedsFiles && item.state === 'paused',
    ).length;
    if (!manager.canStart()) {
      toastWarning(
        needFiles > 0 ? t('controls.chooseAgain', { count: needFiles }) : t('controls.empty'),
      );
      return;
    }
    const hospitalId = user?.hospital?.iHospitalId;
    if (hospitalId) {
      setChecking(true);
      try {
        const usage = await memoryUsage(hospitalId);
        // The freshest figures: the warning above weighs the queue against them too.
        if (checkKey !== '') {
          lastShortOf.current = storageShortfall(own, usage);
        }
        if (capacityUsedUp(usage)) {
          setCapacityRefused(true);
          return;
        }
      } catch (error) {
        // Spec §7: a failed memory fetch says so (unless the client said why already). The queue
        // goes on: the server checks the storage of every slide anyway.
        if (!(error instanceof ApiError && error.shown)) {
          toastWarning(t('errors:fetchFailed'));
        }
      } finally {
        setChecking(false);
      }
    }
    manager.start();
    if (needFiles > 0) {
      toastWarning(t('controls.chooseAgain', { count: needFiles }));
    }
  };

  const toggle = async () => {
    if (snapshot.uploading) {
      manager?.stop();
      return;
    }
    await startQueue();
  };

  const { startAsked } = useUploadUi();
  useEffect(() => {
    if (startAsked && takeStartRequest()) {
      void startQueue();
    }
    // Only when asked: startQueue reads the snapshot of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startAsked]);

  return (
    <Flex vertical gap="small" data-testid="upload-controls">
      <Flex align="center" gap="middle" wrap>
        <Button
          type="primary"
          icon={snapshot.uploading ? <PauseOutlined /> : <CaretRightOutlined />}
          loading={checking}
          // Nothing to send or resume: it looked as ready as with a queue, and said so only
          // once pressed.
          disabled={!snapshot.uploading && !own.some((item) => statusOf(item) === 0)}
          onClick={() => void toggle()}
          data-testid="upload-start"
          data-uploading={snapshot.uploading ? 'true' : 'false'}
        >
          {t(snapshot.uploading ? 'controls.stop' : resumes ? 'controls.resume' : 'controls.start')}
        </Button>
        <Statistic
          title={t('controls.speed')}
          // Nothing is measured while the connection is lost, in the first second after a
          // start or resume, while chunks held are checked against files chosen again, or while
          // the server checks a whole file at its completion: no speed rather than "0 B/s".
          value={
            snapshot.uploading &&
            !snapshot.trouble &&
            snapshot.checking === null &&
            snapshot.completing === null &&
            snapshot.speed !== null
              ? formatSpeed(snapshot.speed)
              : '—'
          }
          styles={{ content: { fontSize: 16 } }}
          data-testid="upload-speed"
        />
        <Statistic
          title={t('controls.remaining')}
          value={
            snapshot.uploading && snapshot.checking === null && snapshot.completing === null
              ? remainingText(snapshot.remaining)
              : '—'
          }
          styles={{ content: { fontSize: 16 } }}
          data-testid="upload-remaining"
        />
      </Flex>
      {capacityRefused && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setCapacityRefused(false) }}
          title={serverText('CAPACITY_USED_UP')}
          description={t(
            totals.lProgress > 0 ? 'item.noStorageNext' : 'item.noStorageNextNothingSent',
          )}
          data-testid="upload-capacity-refused"
        />
      )}
      {/* While slides still to register do not fit (gone with them). */}
      {shortOf && !capacityRefused && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setDismissedKey(registerKey) }}
          title={t('controls.shortOfStorage', {
            toSend: formatBytes(shortOf.toSend),
            left: formatBytes(shortOf.left),
          })}
          data-testid="upload-short-of-storage"
        />
      )}
      {/* "Queue empty" is not said beside a slide another tab sends. */}
      {own.length === 0 ||
      (totals.lSize === 0 && own.length < snapshot.items.length) ? null : totals.lSize === 0 ? (
        // Nothing left to send: a bar at 0% of 0 B would read as if nothing had happened.
        <Typography.Text type="secondary" data-testid="upload-all-done">
          {/* A slide still being read is uploaded, but not known good yet: say so. */}
          {t(processing > 0 ? 'controls.allDoneProcessing' : 'controls.allDone', {
            uploaded: outcomes.filter((s) => s === 'uploaded' || s === 'processing').length,
            processing,
            failed: outcomes.filter((s) => s === 'failed').length,
          })}
          {/* Deleted since: neither uploaded (it is not there) nor failed. */}
          {removed > 0 && t('controls.allDoneRemoved', { count: removed })}
        </Typography.Text>
      ) : (
        <Flex align="center" gap="small">
          {/* The batch, finished slides in it too (the bar must not jump back as each one
              finishes): said on hover, as "Queue (1)" beside a total of three read as wrong. */}
          <Tooltip title={t('controls.totalHint')}>
            <Typography.Text
              type="secondary"
              style={{ whiteSpace: 'nowrap', textDecoration: 'underline dotted' }}
              tabIndex={0}
              data-testid="upload-total-label"
            >
              {t('controls.total')}
            </Typography.Text>
          </Tooltip>
          <Progress
            percent={percentOf(totals.lProgress, totals.lSize)}
            status={snapshot.uploading ? 'active' : 'normal'}
            data-testid="upload-progress"
          />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {formatBytes(totals.lProgress)} / {formatBytes(totals.lSize)}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
