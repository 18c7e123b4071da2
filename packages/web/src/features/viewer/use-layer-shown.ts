import { useCallback, useEffect, useRef, useState } from 'react';
import type { SlideViewer } from './slide-viewer';
import { layerShownFor, rememberLayerShown } from './utils/layer-visibility';

/**
 * Whether a pane shows its slide's annotation layer: the toolbar's eye, the "H" key on the slide
 * and the annotation tools all change the same state, which the layer and the screenshot follow.
 * Each pane its own (side by side, one slide may be wanted clean beside a marked one).
 */
export function useLayerShown(
  viewer: SlideViewer | null,
  slideId: number,
): [shown: boolean, setShown: (shown: boolean) => void] {
  const [shown, setShownState] = useState(() => layerShownFor(slideId, sessionStorage));
  // What the key turns over: the state of the last render, not of when the key was subscribed.
  const current = useRef(shown);
  current.current = shown;
  const setShown = useCallback(
    (next: boolean) => {
      setShownState(next);
      rememberLayerShown(slideId, next, sessionStorage);
    },
    [slideId],
  );
  useEffect(() => viewer?.onLayerKey(() => setShown(!current.current)), [viewer, setShown]);
  return [shown, setShown];
}
