import { useCallback, useEffect, useState, type RefObject } from 'react';
import { isTyping } from '@/lib/is-typing';
import { modalAbove } from '@/lib/modal-above';
import { paneInUseNow } from './use-pane-in-use';

/**
 * The ruler of a pane side by side ("Measure"): whether it is picked, and how to pick it. It
 * exists while the user `may` measure (annotate the slide): changes refused meanwhile (the case
 * went back) put it down with its button. Hiding the annotation layer puts it down and picking it shows the layer again, as the single
 * view's tools do (layer-and-tool.ts). Esc puts it down too, as a pathologist leaves a tool —
 * only in the pane in use (`pane`: measuring in two panes, an Esc in one leaves the other's
 * ruler picked), not while a dialog or a field has the keys, and not by an Esc that already did
 * one thing (it dropped the line being drawn, or closed a popover: those mark it handled).
 */
export function usePaneRuler(
  may: boolean,
  layerShown: boolean,
  setLayerShown: (shown: boolean) => void,
  pane: RefObject<HTMLElement | null>,
): [boolean, (on: boolean) => void] {
  const [ruler, setRuler] = useState(false);
  if (ruler && (!may || !layerShown)) {
    setRuler(false);
  }
  useEffect(() => {
    if (!ruler) {
      return undefined;
    }
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key === 'Escape' &&
        !e.defaultPrevented &&
        !isTyping(e.target) &&
        !modalAbove() &&
        paneInUseNow(pane.current)
      ) {
        setRuler(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ruler, pane]);
  const pickRuler = useCallback(
    (on: boolean) => {
      setRuler(on);
      if (on) {
        setLayerShown(true);
      }
    },
    [setLayerShown],
  );
  return [ruler, pickRuler];
}
