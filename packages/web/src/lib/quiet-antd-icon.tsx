import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import { forwardRef, type ComponentProps } from 'react';

type IconProps = ComponentProps<typeof AntdIconLight>;

/**
 * What every antd icon (ours and antd's own: a sorter's carets, a pagination arrow) is drawn
 * with, in place of @ant-design/icons' own component (vite.config.ts points its icons here).
 * That one names each icon for screen readers by its English file name ("camera", "delete",
 * "caret-up"), in the Chinese interface too, and a button's name took it in: "camera 截图".
 * An icon only decorates: the button's text, or its aria-label, names it. An icon given a name of
 * its own, or one that is itself clicked (antd's password eye), keeps it.
 */
export function quietIconProps<P extends Pick<IconProps, 'aria-label' | 'aria-hidden' | 'onClick'>>(
  props: P,
): P {
  const decorative = props['aria-label'] === undefined && props.onClick === undefined;
  return decorative ? { 'aria-hidden': true, ...props } : props;
}

const QuietAntdIcon = forwardRef<HTMLSpanElement, IconProps>(function QuietAntdIcon(props, ref) {
  return <AntdIconLight {...quietIconProps(props)} ref={ref} />;
});

export default QuietAntdIcon;
