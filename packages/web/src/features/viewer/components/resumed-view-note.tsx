import { CloseOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideViewer } from '../slide-viewer';
import { ViewNote } from './view-note';

/** How long the note stays when left alone. */
const SHOWN_MS = 8_000;
/** The buttons of the small note: a line of 12 px text, no taller. */
const SMALL_BUTTON = { height: 20, width: 22 };

/**
 * "Opened where you left off", over the top of a slide that reopened at the user's last place
 * rather than whole: a last place at 40× on bare glass otherwise reads as an empty slide. One
 * click goes to the whole slide; the note goes by itself after a few seconds, or as soon as the
 * whole slide is shown. `small` (slides side by side, whose views may be 200 px tall): one short
 * line whose "Whole slide" is an icon named on hover, so four such notes hide little of four views.
 */
export function ResumedViewNote({ viewer, small }: { viewer: SlideViewer; small?: boolean }) {
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
  const home = (
    <Button
      type="link"
      size="small"
      icon={<HomeOutlined />}
      aria-label={small ? t('home') : undefined}
      style={small ? SMALL_BUTTON : undefined}
      onClick={() => {
        viewer.goHome();
        setShown(false);
      }}
      data-testid="viewer-resumed-home"
    >
      {small ? null : t('home')}
    </Button>
  );
  return (
    <ViewNote
      top={small ? 4 : 8}
      style={{
        gap: small ? 0 : 4,
        padding: small ? '0 2px 0 8px' : '2px 4px 2px 10px',
        background: 'rgba(255, 255, 255, 0.92)',
        boxShadow: '0 1px 4px rgba(0, 0, 0, 0.2)',
      }}
      testId="viewer-resumed"
    >
      <Typography.Text style={{ fontSize: small ? 12 : 13 }} ellipsis>
        {t('resumed')}
      </Typography.Text>
      {small ? <Tooltip title={t('home')}>{home}</Tooltip> : home}
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('resumedClose')}
        style={small ? SMALL_BUTTON : undefined}
        onClick={() => setShown(false)}
      />
    </ViewNote>
  );
}
