import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { HoverTooltip } from './hover-tooltip';

/**
 * A button showing only an icon: its name is its accessible label and, on hover, its tooltip (or
 * `tooltip`, e.g. why it is off; none on a touch screen). The viewer's controls and the annotation list are rows of these.
 */
export function IconButton({
  title,
  tooltip,
  testId,
  ...button
}: Omit<ButtonProps, 'title' | 'children'> & {
  title: string;
  tooltip?: ReactNode;
  testId?: string;
}) {
  return (
    <HoverTooltip title={tooltip ?? title}>
      <Button {...button} aria-label={title} data-testid={testId} />
    </HoverTooltip>
  );
}
