import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Slider, Typography } from 'antd';
import { HoverTooltip } from '@/components/hover-tooltip';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideViewer } from '../slide-viewer';
import { useDismiss } from '../use-dismiss';
import { ADJUSTMENT_RANGES, NEUTRAL, isNeutral, type Adjustments } from '../utils/adjustments';

const KEYS = ['brightness', 'contrast', 'gamma'] as const;

/** Brightness and contrast read as a percentage of the original, gamma as its exponent. */
function valueText(key: (typeof KEYS)[number], value: number): string {
  return key === 'gamma' ? value.toFixed(2) : `${Math.round(value * 100)}%`;
}

/** Brightness, contrast and gamma of the view (screenshots keep them), with a reset. */
export function AdjustmentsButton({
  viewer,
  size,
}: {
  viewer: SlideViewer;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('viewer');
  const [values, setValues] = useState<Adjustments>(() => viewer.getAdjustments());
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Escape, or a press on the slide (which the popover alone never sees), closes it.
  useDismiss(open, close, panel, button);
  const change = (next: Adjustments) => {
    setValues(next);
    viewer.setAdjustments(next);
  };
  const content = (
    <Flex ref={panel} vertical gap={4} style={{ width: 220 }} data-testid="adjustments-panel">
      {KEYS.map((key) => (
        <div key={key}>
          <Flex justify="space-between">
            <Typography.Text>{t(`adjust.${key}`)}</Typography.Text>
            <Typography.Text type="secondary" data-testid={`adjust-value-${key}`}>
              {valueText(key, values[key])}
            </Typography.Text>
          </Flex>
          <Slider
            min={ADJUSTMENT_RANGES[key].min}
            max={ADJUSTMENT_RANGES[key].max}
            step={0.05}
            value={values[key]}
            onChange={(v) => change({ ...values, [key]: v })}
            // The value is written at the row's right: the handle's tooltip only covered the
            // label of the row below's slider.
            tooltip={{ open: false }}
            ariaLabelForHandle={t(`adjust.${key}`)}
            ariaValueTextFormatterForHandle={(v) => valueText(key, v)}
            data-testid={`adjust-${key}`}
          />
        </div>
      ))}
      <Button size="small" disabled={isNeutral(values)} onClick={() => change(NEUTRAL)}>
        {t('adjust.reset')}
      </Button>
    </Flex>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
    >
      <HoverTooltip title={t('adjust.title')}>
        <Button
          ref={button}
          size={size}
          icon={<BgColorsOutlined />}
          type={isNeutral(values) ? 'default' : 'primary'}
          // Changed or not said in words too, not by the colour alone.
          aria-label={isNeutral(values) ? t('adjust.title') : t('adjust.titleChanged')}
          aria-haspopup="dialog"
          data-testid="viewer-adjust"
        />
      </HoverTooltip>
    </Popover>
  );
}
