import { Tooltip, type TooltipProps } from 'antd';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * A tooltip that shows on hover, and not at all on a touch screen, which has no hover: a tap
 * there opened it and left it standing over the next controls (over the annotation tools,
 * catching their taps) until something else was tapped. For the names of buttons and tools; a
 * reason a user must read belongs on the screen itself.
 *
 * The name floats over the controls beside it and lets the pointer through: a hover tooltip
 * stays open while the pointer is over it, so moving up from the viewer's Screenshot button
 * towards Full screen kept the name open over that button and its click hit the name instead.
 */
export function HoverTooltip({ title, styles, ...props }: TooltipProps) {
  const touch = useMediaQuery('(hover: none)');
  return (
    <Tooltip
      {...props}
      title={touch ? undefined : title}
      styles={(info) => {
        const own = typeof styles === 'function' ? styles(info) : styles;
        return { ...own, root: { ...own?.root, pointerEvents: 'none' } };
      }}
    />
  );
}
