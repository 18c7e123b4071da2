import { useCallback, useEffect, useRef } from 'react';

/**
 * A function that says whether the component is still on screen: an answer that arrives after
 * the user left must not open a dialog or panel over wherever they are now.
 */
export function useStillMounted(): () => boolean {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => mounted.current, []);
}
