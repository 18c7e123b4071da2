import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A live region's text that is read out again when the same words come twice (a screen reader
 * reads a region only when its text changes): each new text is put in after the region was
 * emptied for a moment. Two "Started at the centre" in a row, a shape dropped between them, were
 * read once.
 */
export function useRepeatableStatus(): [text: string, say: (text: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const say = useCallback((next: string) => {
    window.clearTimeout(timer.current);
    setText('');
    if (next) {
      // Long enough for the emptied region to be rendered first.
      timer.current = window.setTimeout(() => setText(next), 50);
    }
  }, []);
  return [text, say];
}
