import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A link beside a pane's slide name, as tall as the name's line, with what it does on hover.
 * One that stays on (the pane's ruler) is `pressed`: then a filled button, so that its state
 * shows beside the plain links. In a narrow pane (three in a row) it is its icon alone, named
 * for screen readers: with three words beside it the slide's name was cut to its last digits.
 */
export function PaneNameAction({
  hint,
  onClick,
  testId,
  icon,
  pressed,
  iconOnly,
  children,
}: {
  hint: string;
  onClick: () => void;
  testId: string;
  icon: ReactNode;
  pressed?: boolean;
  iconOnly?: boolean;
  children: string;
}) {
  return (
    // The icon alone: the hint says what it is called first.
    <Tooltip
      title={
        iconOnly ? (
          <>
            <strong>{children}</strong>
            <br />
            {hint}
          </>
        ) : (
          hint
        )
      }
    >
      <Button
        type={pressed ? 'primary' : 'link'}
        size="small"
        icon={icon}
        aria-pressed={pressed}
        aria-label={iconOnly ? children : undefined}
        onClick={onClick}
        style={{
          flex: 'none',
          height: 22,
          ...(iconOnly ? { width: 24 } : { paddingInline: pressed ? 6 : 0 }),
        }}
        data-testid={testId}
      >
        {iconOnly ? null : children}
      </Button>
    </Tooltip>
  );
}
