import { CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UploadType } from '@pathconsult/shared';
import { HoverTooltip } from '@/components/hover-tooltip';
import { SHOW_SLIDE_PATH } from '@/config/paths';
import { caseDetailHref } from '@/features/case-detail/utils/detail-tabs';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import type { ApiError } from '@/lib/api-error';
import { currentLang } from '@/lib/i18n';
import { toastError } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';
import { useConfirmAction } from '@/lib/use-confirm-action';
import type { FinishedOutcome } from '../utils/finished-outcome';
import { watchFinish } from '../utils/finish-watch';
import {
  canCancel,
  isStorageRefusal,
  percentOf,
  type ItemState,
  type QueueItem,
} from '../utils/queue';
import { reasonText } from '../utils/reason-text';
import type { LinkTrouble } from '../utils/retry';
import { formatSpeed, remainingTime } from '../utils/speed';
import { CancelUploadContent } from './cancel-upload-content';
import { useRemainingText } from './upload-controls';
import { closeUploadPanel, useUploads } from './upload-context';

/** What a row shows: the queue's own state, or a finished upload's outcome (processing...). */
type ShownState = ItemState | 'processing' | 'removed' | 'noStorage' | 'otherTab' | 'pausing';

/**
 * "Trying again in 12 s"; once the time has come the try is under way (it may wait for its
 * timeout on a link that swallows requests), and a frozen "0 s" said nothing.
 */
function retryText(
  t: (key: string, values?: Record<string, unknown>) => string,
  { retryAt, server }: { retryAt: number; server?: true },
) {
  const seconds = Math.ceil((retryAt - Date.now()) / 1000);
  // An answer with an error (503 while the server is busy) is no lost connection.
  if (server) {
    return seconds > 0 ? t('item.serverRetrying', { seconds }) : t('item.serverRetryingNow');
  }
  return seconds > 0 ? t('item.reconnecting', { seconds }) : t('item.retryingNow');
}

const STATE_COLORS: Record<ShownState, string> = {
  waiting: 'default',
  uploading: 'processing',
  paused: 'warning',
  pausing: 'warning',
  noStorage: 'warning',
  otherTab: 'processing',
  uploaded: 'success',
  processing: 'processing',
  failed: 'error',
  removed: 'default',
};

const PROGRESS_STATUS: Record<ShownState, 'normal' | 'active' | 'success' | 'exception'> = {
  waiting: 'normal',
  uploading: 'active',
  paused: 'normal',
  pausing: 'active',
  noStorage: 'normal',
  otherTab: 'active',
  uploaded: 'success',
  processing: 'success',
  failed: 'exception',
  removed: 'normal',
};

/** States whose tag explains itself further on hover. */
const STATE_HINTS: Partial<
  Record<ShownState, 'item.processingHint' | 'item.removedHint' | 'item.pausingHint'>
> = {
  processing: 'item.processingHint',
  removed: 'item.removedHint',
  pausing: 'item.pausingHint',
};

/** One slide of the queue or of the finished list: its state, progress, reason, and cancel. */
export function UploadItemRow({
  item,
  speed,
  trouble = null,
  outcome,
  inOtherTab = false,
  pausing = false,
  resuming = false,
  checking = false,
  checked = null,
  completing = false,
  pickHere = false,
}: {
  item: QueueItem;
  /** The queue's speed; null in the first second after a start or resume (not measured yet). */
  speed: number | null;
  /** Paused by the user while its chunks on the wire finish (queue only). */
  pausing?: boolean;
  /** Resumed while those chunks finish: it goes on from where they end (queue only). */
  resuming?: boolean;
  /** Its chunks on the server are being compared with the file chosen again (queue only). */
  checking?: boolean;
  /** How much of that comparison is done (0–1). */
  checked?: number | null;
  /** Its last chunk is on its way: the server checks the whole file before it answers (queue only). */
  completing?: boolean;
  /** Another tab of this browser is sending it now (queue only). */
  inOtherTab?: boolean;
  /** The panel's own picker chooses files for its case or number (queue only). */
  pickHere?: boolean;
  /** The connection is lost (retried, or no network): shown instead of a speed. */
  trouble?: LinkTrouble | null;
  /** A finished item's outcome after the slide engine read it (finished list only). */
  outcome?: FinishedOutcome;
}) {
  const { t } = useTranslation('upload');
  const { t: tv } = useTranslation('viewer');
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { manager } = useUploads();
  const confirm = useConfirmAction();
  const remainingText = useRemainingText();
  const uploading = item.state === 'uploading' || (resuming && item.state === 'waiting');
  // Stopped by the hospital's storage, not by the user: it says so rather than "paused".
  // Sent by another tab: not paused for its user, who sees it go on there.
  const shown: ShownState =
    outcome?.state ??
    (inOtherTab
      ? 'otherTab'
      : item.state === 'paused' && isStorageRefusal(item.reason)
        ? 'noStorage'
        : item.state === 'paused' && pausing
          ? 'pausing'
          : uploading
            ? 'uploading'
            : item.state);
  const hintKey = STATE_HINTS[shown];
  const hint = hintKey && t(hintKey);
  const touch = useMediaQuery('(hover: none)');

  const onCancel = () => {
    let endWatch = () => {};
    const dialog = confirm({
      // With its case's number: two slides of one name queued for two cases read alike.
      title: t('item.cancelTitle', { name: item.strFileName, num: item.target.strDiagnosistNum }),
      content: manager ? (
        <CancelUploadContent
          source={manager}
          iFileId={item.iFileId}
          sentElsewhere={inOtherTab ? item.lProgress : 0}
        />
      ) : null,
      okText: t('item.cancelOk'),
      cancelText: t('item.cancelKeep'),
      okTestId: 'upload-cancel-confirm',
      action: () => {
        // Answered: the cancel stops the upload, it can no longer finish under the question.
        endWatch();
        return manager?.cancel(item.iFileId) ?? Promise.resolve();
      },
      done: t('item.cancelled'),
      // The queue's calls are quiet (no toasts while retrying): the refusal is shown here.
      onError: (error: ApiError) => toastError(error.message),
      afterClose: () => endWatch(),
    });
    if (!manager) {
      return;
    }
    // The upload goes on under the question. Once it ends, the question is stale ("the 672 KB
    // already sent are deleted") and its button would cancel nothing: it becomes a notice that
    // nothing was cancelled and where the slide can be deleted now.
    endWatch = watchFinish(manager, item.iFileId, (state) => {
      const late = state === 'uploaded' ? 'Uploaded' : 'Failed';
      dialog.update({
        type: state === 'uploaded' ? 'info' : 'warning',
        title: t(`item.cancelLate${late}Title`, { name: item.strFileName }),
        content: t(`item.cancelLate${late}Content`),
        okText: t('item.cancelLateOk'),
        okCancel: false,
        autoFocusButton: 'ok',
        okButtonProps: { danger: false, ...{ 'data-testid': 'upload-cancel-late-ok' } },
        onOk: () => undefined,
      });
    });
  };

  return (
    <Flex vertical gap={4} data-testid={`upload-item-${item.strFileName}`} data-state={shown}>
      <Flex align="center" gap="small" wrap>
        {/* The whole name, wrapped where it must: scanner names differ in their last parts
            (block, stain, level), which an ellipsis cut off, and a phone has no hover title. */}
        <Typography.Text
          strong
          delete={shown === 'removed'}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          data-testid="upload-item-name"
        >
          {outcome?.renamedTo ?? item.strFileName}
        </Typography.Text>
        <HoverTooltip title={hint}>
          <Tag color={STATE_COLORS[shown]} data-testid="upload-item-state">
            {t(`state.${shown}`)}
          </Tag>
        </HoverTooltip>
        {hint && touch && (
          // A touch screen has no hover: the tooltip opened by itself where a tap had just been
          // (Pause, above the first row) and stood over the queue until the state changed.
          <Typography.Text type="secondary" data-testid="upload-item-state-hint">
            {hint}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {outcome?.numberNow ? (
            // Changed in slide management since (to match the slide to a case, say).
            <span data-testid="upload-item-number">{outcome.numberNow}</span>
          ) : item.target.iPatientId !== null ? (
            // To the case's slides: where its files are chosen again after a reload.
            <Link
              to={caseDetailHref('/case/Imagery-info', item.target.iPatientId)}
              onClick={closeUploadPanel}
              data-testid="upload-item-case"
            >
              {item.target.strDiagnosistNum}
            </Link>
          ) : (
            item.target.strDiagnosistNum
          )}
          {` · ${formatBytes(item.lSize)}`}
          {item.listFileSliceInfo &&
            ` · ${t('item.files', { count: item.listFileSliceInfo.length })}`}
          {` · ${t(item.iUploadType === UploadType.Single ? 'item.single' : 'item.batch')}`}
        </Typography.Text>
        {canCancel(item) && (
          <Button
            size="small"
            type="link"
            danger
            icon={<CloseOutlined />}
            onClick={onCancel}
            style={{ marginInlineStart: 'auto' }}
            data-testid={`upload-cancel-${item.strFileName}`}
          >
            {t('item.cancel')}
          </Button>
        )}
        {outcome?.state === 'uploaded' && item.iSlideDocumentId !== null && (
          // Read by the slide engine: straight to the slide, which is what the upload was for
          // (before, the case's Imagery tab was a detour).
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            onClick={() => {
              closeUploadPanel();
              void navigate(`${SHOW_SLIDE_PATH}?id=${item.iSlideDocumentId}`);
            }}
            style={{ marginInlineStart: 'auto' }}
            data-testid={`upload-view-${item.strFileName}`}
          >
            {tv('open')}
          </Button>
        )}
      </Flex>
      <Progress
        percent={percentOf(item.lProgress, item.lSize)}
        status={PROGRESS_STATUS[shown]}
        // A deleted slide's bar is greyed: its bytes are no longer there.
        strokeColor={shown === 'removed' ? token.colorTextQuaternary : undefined}
        size="small"
        data-testid="upload-item-progress"
      />
      {uploading && trouble?.kind === 'retrying' && (
        <Typography.Text type="warning" data-testid="upload-item-reconnecting">
          {retryText(t, trouble)}
        </Typography.Text>
      )}
      {uploading && trouble?.kind === 'offline' && (
        <Typography.Text type="warning" data-testid="upload-item-offline">
          {t('item.offline')}
        </Typography.Text>
      )}
      {uploading && trouble === null && checking && (
        <Typography.Text type="secondary" data-testid="upload-item-checking">
          {checked === null
            ? t('item.checkingHeld', { sent: formatBytes(item.lProgress) })
            : t('item.checkingHeldShare', {
                sent: formatBytes(item.lProgress),
                percent: Math.floor(checked * 100),
              })}
        </Typography.Text>
      )}
      {uploading && trouble === null && !checking && completing && (
        <Typography.Text type="secondary" data-testid="upload-item-completing">
          {t('item.completing')}
        </Typography.Text>
      )}
      {uploading && trouble === null && !checking && !completing && (
        <Typography.Text type="secondary" data-testid="upload-item-speed">
          {speed === null
            ? t('item.measuring')
            : speed > 0
              ? `${formatSpeed(speed)} · ${remainingText(remainingTime(item.lSize - item.lProgress, speed))}`
              : // Nothing acknowledged in the last seconds: the chunks sent wait for the server's
                // answer (a slow or stuck link is given up on by the request's timeout and retried).
                t('item.waitingForServer')}
        </Typography.Text>
      )}
      {shown === 'paused' && !item.bNeedsFiles && item.reason === null && (
        // Paused by the user, or given its file again after a reload: what goes on with it (the
        // toast that said so was gone in a moment, and the row only said "Paused").
        <Typography.Text type="secondary" data-testid="upload-item-paused-next">
          {t('item.pausedNext')}
        </Typography.Text>
      )}
      {inOtherTab && (
        <Typography.Text type="secondary" data-testid="upload-item-other-tab">
          {t('reason.otherTab')}
        </Typography.Text>
      )}
      {item.reason && !inOtherTab && (
        <Typography.Text
          type={item.state === 'failed' ? 'danger' : 'warning'}
          data-testid="upload-item-reason"
        >
          {reasonText(item.reason, t, currentLang())}
        </Typography.Text>
      )}
      {shown === 'noStorage' && !item.bNeedsFiles && (
        // Nothing retries by itself: freeing storage elsewhere did not bring the upload back.
        <Typography.Text type="secondary" data-testid="upload-item-storage-next">
          {/* "Nothing sent is lost" only where something was sent. */}
          {t(item.lProgress > 0 ? 'item.noStorageNext' : 'item.noStorageNextNothingSent')}
        </Typography.Text>
      )}
      {outcome?.renamedTo && (
        <Typography.Text type="secondary" data-testid="upload-item-renamed">
          {t('item.uploadedAs', { name: item.strFileName })}
        </Typography.Text>
      )}
      {outcome?.sameFileAs && (
        // The server hashed the file as it arrived: a second copy of a scan is said here, where
        // the upload ends, rather than found later in the case's list.
        <Typography.Text type="warning" data-testid="upload-item-same-file">
          {t('item.sameFile', { name: outcome.sameFileAs })}
        </Typography.Text>
      )}
      {outcome?.reason && (
        <Typography.Text type="danger" data-testid="upload-item-reason">
          {outcome.reason}
        </Typography.Text>
      )}
      {item.bContinued && item.state === 'waiting' && (
        // Begun in another browser or on another computer: at n% before a byte is sent here.
        <Typography.Text type="secondary" data-testid="upload-item-continued">
          {t('item.continued')}
        </Typography.Text>
      )}
      {item.bNeedsFiles && item.state === 'paused' && !inOtherTab && (
        <Typography.Text type="warning" data-testid="upload-item-needs-files">
          {/* Where the files are chosen: right above, when the panel is open for its case. */}
          {pickHere
            ? t('item.needsFilesHere')
            : item.target.iPatientId === null
              ? t('item.needsFilesNumber', { num: item.target.strDiagnosistNum })
              : t('item.needsFiles', { num: item.target.strDiagnosistNum })}
        </Typography.Text>
      )}
    </Flex>
  );
}
