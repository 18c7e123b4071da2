import { ArrowsAltOutlined, ShrinkOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/icon-button';
import { COVERS_LABELS } from '@/features/annotations/overlay/viewer-surface';
import { useNavigatorShown } from '../navigator-shown';
import type { SlideViewer } from '../slide-viewer';

/**
 * The button that hides the overview map (OpenSeadragon's navigator) and brings it back, and the
 * "N" key on the slide. Placed in the map's own corner box: just above the map while it shows,
 * in the view's corner once it is hidden. The map covers a fifth of the view, and more of a small
 * pane; a pathologist looking at what lies under it wants it gone, not the view moved.
 */
export function NavigatorToggle({ viewer, touch }: { viewer: SlideViewer; touch?: boolean }) {
  const { t } = useTranslation('viewer');
  const [shown, setShown] = useNavigatorShown();
  // What the key turns over: the state of the last render, not of when the key was subscribed.
  const current = useRef(shown);
  current.current = shown;
  useEffect(() => viewer.setNavigatorShown(shown), [viewer, shown]);
  useEffect(() => viewer.onNavigatorKey(() => setShown(!current.current)), [viewer, setShown]);
  const box = viewer.navigatorBox;
  if (!box) {
    return null;
  }
  return createPortal(
    <div
      {...{ [COVERS_LABELS]: '' }}
      style={{
        position: 'absolute',
        right: shown ? 0 : 6,
        bottom: shown ? 'calc(100% + 4px)' : 6,
        zIndex: 3,
      }}
    >
      <IconButton
        size={touch ? 'middle' : 'small'}
        icon={shown ? <ShrinkOutlined /> : <ArrowsAltOutlined />}
        onClick={() => setShown(!shown)}
        title={shown ? t('navigator.hide') : t('navigator.show')}
        // The key, where there is a keyboard.
        tooltip={touch ? undefined : shown ? t('navigator.hideKey') : t('navigator.showKey')}
        testId="viewer-navigator-toggle"
      />
    </div>,
    box,
  );
}
