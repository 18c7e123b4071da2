import type { ClipboardEvent, CSSProperties } from 'react';
import { extensionOf } from '@pathconsult/shared';
import { keptTailStart } from '../utils/middle-ellipsis';
import { splitSlideName } from '../utils/slide-name';

const HEAD: CSSProperties = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
};

/**
 * A slide's name on one line as wide as it needs up to `maxWidth`, cut in its middle when it
 * runs out of room: the start of the name gives way to an ellipsis while its last part and its
 * format stay (slides of one case differ at the end, "…block-A3.svs" and "…block-B7.svs"; a cut
 * at the end hid just that). Plain CSS, so it takes its natural width in a row of controls,
 * where a measured fit (slide-file-name.tsx) would shrink with what it shows. The whole name is
 * its text for screen readers and copying, and its title on hover.
 */
export function OneLineSlideName({
  name,
  maxWidth,
  testId,
}: {
  name: string;
  maxWidth: CSSProperties['maxWidth'];
  testId?: string;
}) {
  const { stem, extension } = splitSlideName(name, extensionOf(name));
  const chars = [...stem];
  const split = keptTailStart(chars);
  return (
    <span
      title={name}
      style={{ display: 'inline-flex', minWidth: 0, maxWidth, fontWeight: 600 }}
      onCopy={copyOnOneLine}
      data-testid={testId}
    >
      <span style={HEAD}>{chars.slice(0, split).join('')}</span>
      <span style={{ whiteSpace: 'nowrap', flex: 'none' }}>
        {chars.slice(split).join('')}
        {extension}
      </span>
    </span>
  );
}

/**
 * A copied name is one line: the browser puts a line break between the two parts of the flex
 * box (they are laid out as blocks), and a name pasted into a search or a message was split.
 */
function copyOnOneLine(event: ClipboardEvent<HTMLSpanElement>): void {
  const selection = window.getSelection();
  const selected = selection?.toString();
  // Only a selection within the name: one running on into the page keeps its lines.
  if (
    selection &&
    selected &&
    selection.rangeCount === 1 &&
    event.currentTarget.contains(selection.getRangeAt(0).commonAncestorContainer)
  ) {
    event.clipboardData.setData('text/plain', selected.replace(/[\r\n]+/g, ''));
    event.preventDefault();
  }
}
