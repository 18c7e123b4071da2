import { Radio } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';
import { MARKER_COLORS } from '../utils/default-color';

/**
 * The common marker colours as one group of radio buttons: Tab reaches the group, the arrow keys
 * go from colour to colour (choosing it, as radio buttons do), and each colour is read out by its
 * name. antd's own preset swatches are blocks that neither Tab nor a screen reader reached.
 */
export function ColorSwatches({
  value,
  onPick,
}: {
  /** The colour now, #rrggbb (any case). */
  value: string | null;
  onPick(hex: string): void;
}) {
  const { t } = useTranslation('annotations');
  const current = value?.toLowerCase() ?? null;
  // Unique per picker: the toolbar's and the edit dialog's can both be in the page.
  const labelId = useId();
  return (
    <div data-testid="color-swatches">
      <div id={labelId} style={{ marginBottom: 6 }}>
        {t('tools.colorPresets')}
      </div>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        value={MARKER_COLORS.some((c) => c.hex === current) ? current : null}
        onChange={(e) => onPick(String(e.target.value))}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}
        options={MARKER_COLORS.map(({ hex, name }) => ({
          value: hex,
          title: t(`tools.colorNames.${name}`),
          style: { padding: 3, height: 30, width: 30, borderRadius: 4, lineHeight: 0 },
          label: (
            <>
              <span
                aria-hidden
                data-color={hex}
                style={{
                  display: 'inline-block',
                  width: 22,
                  height: 22,
                  borderRadius: 3,
                  background: hex,
                  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.2)',
                }}
              />
              <span style={VISUALLY_HIDDEN}>{t(`tools.colorNames.${name}`)}</span>
            </>
          ),
        }))}
      />
    </div>
  );
}
