import { Button, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api-error';
import { currentLang } from '@/lib/i18n';
import { serverErrorText } from '@/lib/server-message';

/** Why a slide cannot be viewed (slide-grant.ts), and what its hint tells the user to do. */
const HINTS = {
  SLIDE_NOT_READY: 'notReadyHint',
  SLIDE_UPLOAD_UNFINISHED: 'uploadUnfinishedHint',
  SLIDE_READ_FAILED: 'readFailedHint',
} as const;

/**
 * An unfinished upload is continued by its uploader only; anyone else (the expert a case was sent
 * to) is told to wait for it (`mine` 0 from slide-grant.ts). The phone's screens have no upload
 * list: its uploader is sent to a computer's.
 */
export function hintOf(error: ApiError, phone = false) {
  const code = error.strErrorCode as keyof typeof HINTS;
  if (code === 'SLIDE_UPLOAD_UNFINISHED') {
    if (error.errorParams.mine === 0) {
      return 'uploadUnfinishedOthersHint';
    }
    return phone ? 'uploadUnfinishedPhoneHint' : 'uploadUnfinishedHint';
  }
  return HINTS[code];
}

export function isUnviewable(error: ApiError): boolean {
  return error.strErrorCode !== undefined && Object.hasOwn(HINTS, error.strErrorCode);
}

/**
 * A slide that exists but cannot be viewed: not read yet (a retry helps in a moment), its upload
 * not finished (a retry helps once it is), or failed (the case's slide list says why: no retry).
 * The title is the server's reason, in the language shown now, under the slide's name.
 */
export function SlideUnviewable({
  error,
  back,
  onRetry,
  phone = false,
}: {
  error: ApiError;
  back: ReactNode;
  onRetry: () => void;
  /** On the phone's viewer. */
  phone?: boolean;
}) {
  const { t } = useTranslation('viewer');
  const code = error.strErrorCode as keyof typeof HINTS;
  const retry =
    code === 'SLIDE_READ_FAILED' ? null : (
      <Button key="retry" onClick={onRetry} data-testid="viewer-retry">
        {t('retry')}
      </Button>
    );
  // Which slide (the server names it): beside other slides, "failed" alone left the user to
  // guess which of the case's it was.
  const name = error.errorParams.name;
  return (
    <Result
      status="warning"
      title={
        <>
          {typeof name === 'string' && (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', fontSize: 14, wordBreak: 'break-word' }}
              data-testid="viewer-not-ready-name"
            >
              {name}
            </Typography.Text>
          )}
          {serverErrorText(error, currentLang())}
        </>
      }
      subTitle={t(hintOf(error, phone))}
      extra={retry ? [back, retry] : back}
      style={{ flex: 1 }}
      data-testid="viewer-not-ready"
    />
  );
}
