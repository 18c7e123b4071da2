import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenReaderStatus } from '@/components/screen-reader-status';
import type { ItemState } from '../utils/queue';
import { stateChanges } from '../utils/state-announcements';
import { useUploadSnapshot } from './upload-context';

/**
 * Tells screen readers when a slide of the queue starts, pauses, finishes or fails, whether the
 * upload panel is open or not: the queue runs in the background of the workspace, and its
 * progress shows only as colours and bars.
 */
export function UploadAnnouncer() {
  const { t } = useTranslation('upload');
  const { items } = useUploadSnapshot();
  const seen = useRef<Map<number, ItemState> | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const { changes, now } = stateChanges(seen.current, items);
    seen.current = now;
    if (changes.length > 0) {
      setText(
        changes
          .map((c) => t('announce.state', { name: c.name, state: t(`state.${c.state}`) }))
          .join(' '),
      );
    }
  }, [items, t]);
  return <ScreenReaderStatus text={text} testId="upload-announcer" />;
}
