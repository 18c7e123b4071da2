import { useEffect, useState } from 'react';

/**
 * `value` once it has held still for `ms`: what a live region announces of something that
 * changes many times a second while it moves (the viewer's magnification during a zoom), so that
 * a screen reader says where it came to rest rather than every step on the way.
 */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
