import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';

/**
 * A polite live region: screen readers read its text out when it changes, without moving the
 * focus, for changes a sighted user sees happen elsewhere on the screen (an upload finished,
 * the slide's magnification).
 */
export function ScreenReaderStatus({ text, testId }: { text: string; testId?: string }) {
  return (
    <span role="status" style={VISUALLY_HIDDEN} data-testid={testId}>
      {text}
    </span>
  );
}
