import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import { forwardRef, useCallback, useLayoutEffect, useRef, useState, type Ref } from 'react';
import i18next from 'i18next';

type IconProps = React.ComponentProps<typeof AntdIconLight>;

/**
 * Names, in the page's language, of the icons antd draws alone in controls of its own (an input's
 * clear button, a pagination arrow, the tabs' overflow, an image preview's close): keys of
 * common.json's `icon`. Drawn anywhere else the same icons only decorate.
 */
const ALONE_NAMES: Record<string, string> = {
  'close-circle': 'clear',
  close: 'close',
  left: 'previous',
  right: 'next',
  ellipsis: 'more',
  'zoom-in': 'zoomIn',
  'zoom-out': 'zoomOut',
  'rotate-left': 'rotateLeft',
  'rotate-right': 'rotateRight',
  swap: 'flip',
};

/**
 * How an icon is named for screen readers: by the name it was given, if any; in the page's
 * language when it is all a control of antd's own holds (`aloneName`); not at all otherwise. An
 * icon that is itself clicked (antd's password eye) keeps its own.
 */
export function quietIconProps<P extends Pick<IconProps, 'aria-label' | 'aria-hidden' | 'onClick'>>(
  props: P,
  aloneName: string | null = null,
): P {
  if (props['aria-label'] !== undefined || props.onClick !== undefined) {
    return props;
  }
  return aloneName ? { 'aria-label': aloneName, ...props } : { 'aria-hidden': true, ...props };
}

/** Whether `icon` is all that names the button or link it is in (no text, label or title). */
function aloneInControl(icon: HTMLElement): boolean {
  const control = icon.parentElement?.closest('button, a, [role="button"]');
  return (
    control instanceof HTMLElement &&
    !control.textContent?.trim() &&
    !control.hasAttribute('aria-label') &&
    !control.hasAttribute('aria-labelledby') &&
    !control.title
  );
}

/**
 * What every antd icon (ours and antd's own: a sorter's carets, a pagination arrow) is drawn
 * with, in place of @ant-design/icons' own component (vite.config.ts points its icons here).
 * That one names each icon for screen readers by its English file name ("camera", "delete",
 * "caret-up"), in the Chinese interface too, and a button's name took it in: "camera 截图".
 * An icon only decorates: the button's text, or its aria-label, names it. Alone in one of antd's
 * own controls, which nothing else names, it names the control in the page's language.
 */
const QuietAntdIcon = forwardRef<HTMLSpanElement, IconProps>(function QuietAntdIcon(props, ref) {
  const own = useRef<HTMLSpanElement | null>(null);
  const [alone, setAlone] = useState(false);
  const key = ALONE_NAMES[props.icon.name];
  // Once drawn: antd's icon-only controls keep what they hold.
  useLayoutEffect(() => {
    if (key && own.current) {
      setAlone(aloneInControl(own.current));
    }
  }, [key]);
  const setRef = useCallback(
    (el: HTMLSpanElement | null) => {
      own.current = el;
      assign(ref, el);
    },
    [ref],
  );
  return (
    <AntdIconLight
      // Read at each drawing (antd's controls draw again with the language's locale) rather
      // than subscribed to from every icon of the page.
      {...quietIconProps(props, alone && key ? i18next.t(`icon.${key}`, { ns: 'common' }) : null)}
      ref={setRef}
    />
  );
});

function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') {
    ref(value);
  } else if (ref) {
    (ref as { current: T | null }).current = value;
  }
}

export default QuietAntdIcon;
