import { COVERS_LABELS } from '@/features/annotations/overlay/viewer-surface';
import type { SlideViewer } from '../slide-viewer';
import { useViewTick } from '../use-view-tick';
import { scaleBar, scaleBarMpp } from '../utils/scale-bar';

/** The scale bar in the view's lower left corner, from the slide's MPP and the current zoom. */
export function ScaleBarOverlay({ viewer }: { viewer: SlideViewer }) {
  useViewTick(viewer);
  const bar = viewer.isOpen
    ? scaleBar(scaleBarMpp(viewer.slide.mpp, viewer.slide.mppY), viewer.imageZoom())
    : null;
  if (!bar) {
    return null;
  }
  return (
    <div
      data-testid="scale-bar"
      {...{ [COVERS_LABELS]: '' }}
      style={{
        position: 'absolute',
        left: 12,
        bottom: 12,
        zIndex: 3,
        pointerEvents: 'none',
        padding: '2px 6px',
        background: 'rgba(255,255,255,0.8)',
        borderRadius: 4,
        fontSize: 12,
        color: '#222',
      }}
    >
      {/* Its borders inside its width: the phone page sets no border-box around it, and the
          bar came out 4 px longer than the length it is labelled with. */}
      <div
        data-testid="scale-bar-line"
        style={{
          width: bar.px,
          height: 4,
          boxSizing: 'border-box',
          border: '2px solid #222',
          borderTop: 'none',
        }}
      />
      <span>{bar.label}</span>
    </div>
  );
}
