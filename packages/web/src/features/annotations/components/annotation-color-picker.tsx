import { ColorPicker, type ColorPickerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKER_COLORS } from '../utils/default-color';

/** The annotation colour picker (toolbar and edit dialog): no transparency, with swatches. */
export function AnnotationColorPicker(props: Omit<ColorPickerProps, 'disabledAlpha' | 'presets'>) {
  const { t } = useTranslation('annotations');
  return (
    <ColorPicker
      {...props}
      disabledAlpha
      presets={[{ label: t('tools.colorPresets'), colors: [...MARKER_COLORS], defaultOpen: true }]}
    />
  );
}
