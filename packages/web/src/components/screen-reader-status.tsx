import type { CSSProperties } from 'react';

/** Out of sight but read by screen readers (the usual "visually hidden" rules). */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * A polite live region: screen readers read its text out when it changes, without moving the
 * focus, for changes a sighted user sees happen elsewhere on the screen (an upload finished,
 * the slide's magnification).
 */
export function ScreenReaderStatus({ text, testId }: { text: string; testId?: string }) {
  return (
    <span role="status" style={HIDDEN} data-testid={testId}>
      {text}
    </span>
  );
}
