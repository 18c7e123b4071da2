import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenReaderStatus } from '@/components/screen-reader-status';
import { stateChanges, type ShownItem, type ShownState } from '../utils/state-announcements';

/**
 * Tells screen readers when a slide of the queue starts, pauses, finishes or fails — the slide
 * engine's verdict included, as the finished list shows it — whether the upload panel is open or
 * not: the queue runs in the background of the workspace, and its progress shows only as colours
 * and bars.
 */
export function UploadAnnouncer({ items }: { items: readonly ShownItem[] }) {
  const { t } = useTranslation('upload');
  const seen = useRef<Map<number, ShownState> | null>(null);
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
