import { useEffect, useState } from 'react';
import type { SlideViewer } from './slide-viewer';

/**
 * A number that changes when the viewer's view changes, at most once a frame: components that
 * show the magnification, the scale bar or the turn re-render with it.
 */
export function useViewTick(viewer: SlideViewer | null): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!viewer) {
      return;
    }
    let frame = 0;
    const unsubscribe = viewer.onViewChange(() => {
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          setTick((n) => n + 1);
        });
      }
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [viewer]);
  return tick;
}
