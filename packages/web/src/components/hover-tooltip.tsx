import { Tooltip, type TooltipProps } from 'antd';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * A tooltip that shows on hover, and not at all on a touch screen, which has no hover: a tap
 * there opened it and left it standing over the next controls (over the annotation tools,
 * catching their taps) until something else was tapped. For the names of buttons and tools; a
 * reason a user must read belongs on the screen itself.
 */
export function HoverTooltip({ title, ...props }: TooltipProps) {
  const touch = useMediaQuery('(hover: none)');
  return <Tooltip {...props} title={touch ? undefined : title} />;
}
