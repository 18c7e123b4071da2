import { InputNumber, type GetRef, type InputNumberProps } from 'antd';
import { useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

type InputNumberHandle = GetRef<typeof InputNumber>;

/** The step buttons rc-input-number draws, by their class (`<prefix>-action-up`/`-down`). */
const STEPS = [
  ['.ant-input-number-action-up', 'icon.increase'],
  ['.ant-input-number-action-down', 'icon.decrease'],
] as const;

/**
 * antd's InputNumber with its step buttons named in the page's language. rc-input-number names
 * them "Increase Value" / "Decrease Value" in every language and takes no prop for it, so a
 * screen reader said English in the Chinese interface. The names are set on the buttons after
 * each render: React leaves an attribute alone while the prop it rendered stays the same, so a
 * name holds until its button is drawn anew, which that render names again. A ref given (a
 * Form.Item's, to focus the field with an error) reaches the InputNumber as before.
 */
export function NumberInput({
  ref,
  ...props
}: InputNumberProps<number> & { ref?: Ref<InputNumberHandle> }) {
  const { t } = useTranslation('common');
  const input = useRef<InputNumberHandle>(null);
  useImperativeHandle(ref, () => input.current!);
  useLayoutEffect(() => {
    const root = input.current?.nativeElement;
    for (const [selector, key] of STEPS) {
      root?.querySelector(selector)?.setAttribute('aria-label', t(key));
    }
  });
  return <InputNumber<number> {...props} ref={input} />;
}
