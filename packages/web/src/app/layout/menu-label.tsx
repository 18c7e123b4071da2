import { useState, type ReactNode } from 'react';

/**
 * A side-menu label that keeps to its row. English labels can be longer than the 220 px menu:
 * cut with an ellipsis, and the full label shows on hover (only when cut, so short labels get no
 * tooltip). `extra` (the unread badge) stays whole after the text.
 *
 * Being a component rather than a plain <span> matters for groups: antd puts a span label straight
 * into the group's title row, where it does not shrink and ran under the expand arrow; any other
 * label it wraps in its title box, which stops before the arrow (as it does for items).
 */
export function MenuLabel({
  text,
  testId,
  extra,
}: {
  text: string;
  testId: string;
  extra?: ReactNode;
}) {
  const [cut, setCut] = useState(false);
  return (
    <span className="side-menu-label" data-testid={testId}>
      <span
        className="side-menu-label-text"
        title={cut ? text : undefined}
        // Measured on hover: the room depends on the language, the menu's width and its folding.
        onMouseEnter={(event) =>
          setCut(event.currentTarget.scrollWidth > event.currentTarget.clientWidth)
        }
      >
        {text}
      </span>
      {extra}
    </span>
  );
}
