import { useSyncExternalStore } from 'react';

/**
 * localStorage key saying the viewer's overview map (OpenSeadragon's navigator) is hidden. One
 * choice for every slide and pane, kept for later visits: a pathologist who reads with the whole
 * view does not want to hide it again on each slide.
 */
export const NAVIGATOR_HIDDEN_KEY = 'viewerNavigatorHidden';

const listeners = new Set<() => void>();
/** Without storage, the choice made on this page. */
let memory: boolean | null = null;

function read(): boolean {
  try {
    return localStorage.getItem(NAVIGATOR_HIDDEN_KEY) !== '1';
  } catch {
    // No storage (private mode, storage blocked): shown, as by default.
    return true;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice too (a second viewer window beside this one).
  const onStorage = (event: StorageEvent) => {
    if (event.key === NAVIGATOR_HIDDEN_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function write(shown: boolean): void {
  try {
    if (shown) {
      localStorage.removeItem(NAVIGATOR_HIDDEN_KEY);
    } else {
      localStorage.setItem(NAVIGATOR_HIDDEN_KEY, '1');
    }
  } catch {
    // Without storage the choice lasts as long as the page: the panes still follow it below.
    memory = shown;
  }
  listeners.forEach((listener) => listener());
}

/** Whether the overview map is shown, and how to change it (every pane follows at once). */
export function useNavigatorShown(): [shown: boolean, setShown: (shown: boolean) => void] {
  const shown = useSyncExternalStore(subscribe, () => memory ?? read());
  return [shown, write];
}
