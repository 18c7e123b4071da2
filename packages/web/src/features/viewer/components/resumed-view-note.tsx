import { CloseOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideViewer } from '../slide-viewer';
import { ViewNote } from './view-note';

/** How long the note stays when left alone. */
const SHOWN_MS = 8_000;

/**
 * "Opened where you left off", over the top of a slide that reopened at the user's last place
 * rather than whole: a last place at 40× on bare glass otherwise reads as an empty slide. One
 * click goes to the whole slide; the note goes by itself after a few seconds, or as soon as the
 * whole slide is shown.
 */
export function ResumedViewNote({ viewer }: { viewer: SlideViewer }) {
  const { t } = useTranslation('viewer');
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), SHOWN_MS);
    return () => clearTimeout(timer);
  }, []);
  // Gone once the whole slide is shown by any way (the toolbar's Home, the 0 key): it offered
  // nothing more, and stayed over a slide already whole.
  useEffect(() => viewer.onHome(() => setShown(false)), [viewer]);
  // Once the note is drawn or gone: labels keep off it while it is there.
  useEffect(() => viewer.coversChanged(), [viewer, shown]);
  if (!shown) {
    return null;
  }
  return (
    <ViewNote
      top={8}
      style={{
        gap: 4,
        padding: '2px 4px 2px 10px',
        background: 'rgba(255, 255, 255, 0.92)',
        boxShadow: '0 1px 4px rgba(0, 0, 0, 0.2)',
      }}
      testId="viewer-resumed"
    >
      <Typography.Text style={{ fontSize: 13 }}>{t('resumed')}</Typography.Text>
      <Button
        type="link"
        size="small"
        icon={<HomeOutlined />}
        onClick={() => {
          viewer.goHome();
          setShown(false);
        }}
        data-testid="viewer-resumed-home"
      >
        {t('home')}
      </Button>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('resumedClose')}
        onClick={() => setShown(false)}
      />
    </ViewNote>
  );
}
