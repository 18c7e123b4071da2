import { useEffect } from 'react';
import { preloadScreen } from './screens';

/** Loads a screen's script once the browser is idle, while `wanted` (screens.ts preloadScreen). */
export function usePreloadScreen(path: string, wanted = true) {
  useEffect(() => (wanted ? preloadScreen(path) : undefined), [path, wanted]);
}
