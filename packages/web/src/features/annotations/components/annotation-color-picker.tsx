import { Button, ColorPicker, type ColorPickerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKER_COLORS } from '../utils/default-color';

type PickerProps = Omit<ColorPickerProps, 'disabledAlpha' | 'presets' | 'children'> & {
  'data-testid'?: string;
};

/** The colour a picker shows, as #rrggbb, whether it holds a string or antd's Color. */
function hexOf(value: ColorPickerProps['value']): string | null {
  if (!value) {
    return null;
  }
  return typeof value === 'string' ? value : (value as { toHexString(): string }).toHexString();
}

/**
 * The annotation colour picker (toolbar and edit dialog): no transparency, with swatches. Its
 * trigger is a button, so that Tab reaches it and Enter opens it (antd's own trigger is a block
 * the keyboard skips); it shows the colour, and its value with `showText`.
 */
export function AnnotationColorPicker({ 'data-testid': testId, showText, ...props }: PickerProps) {
  const { t } = useTranslation('annotations');
  const hex = hexOf(props.value ?? props.defaultValue);
  return (
    <ColorPicker
      {...props}
      disabledAlpha
      presets={[{ label: t('tools.colorPresets'), colors: [...MARKER_COLORS], defaultOpen: true }]}
    >
      <Button
        data-testid={testId}
        aria-label={t('tools.color')}
        disabled={props.disabled}
        icon={
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 16,
              height: 16,
              borderRadius: 3,
              background: hex ?? 'transparent',
              boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
            }}
          />
        }
      >
        {showText && hex ? hex.toUpperCase() : null}
      </Button>
    </ColorPicker>
  );
}
