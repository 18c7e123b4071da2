import { useEffect, useState } from 'react';
import { secondsLeft } from '../utils/countdown';

/**
 * A countdown in whole seconds (the resend wait of the "send code" button). `start(seconds)`
 * begins it; the display ticks once a second and stops at 0.
 */
export function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (left <= 0) {
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return {
    left,
    start: (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}
