import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A link beside a pane's slide name, as tall as the name's line, with what it does on hover.
 * One that stays on (the pane's ruler) is `pressed`: then a filled button, so that its state
 * shows beside the plain links.
 */
export function PaneNameAction({
  hint,
  onClick,
  testId,
  icon,
  pressed,
  children,
}: {
  hint: string;
  onClick: () => void;
  testId: string;
  icon?: ReactNode;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={hint}>
      <Button
        type={pressed ? 'primary' : 'link'}
        size="small"
        icon={icon}
        aria-pressed={pressed}
        onClick={onClick}
        style={{ flex: 'none', height: 22, paddingInline: pressed ? 6 : 0 }}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
