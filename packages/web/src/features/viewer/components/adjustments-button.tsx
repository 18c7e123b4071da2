import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Slider, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideViewer } from '../slide-viewer';
import { ADJUSTMENT_RANGES, NEUTRAL, isNeutral, type Adjustments } from '../utils/adjustments';

const KEYS = ['brightness', 'contrast', 'gamma'] as const;

/** Brightness, contrast and gamma of the view (screenshots keep them), with a reset. */
export function AdjustmentsButton({ viewer }: { viewer: SlideViewer }) {
  const { t } = useTranslation('viewer');
  const [values, setValues] = useState<Adjustments>(() => viewer.getAdjustments());
  const change = (next: Adjustments) => {
    setValues(next);
    viewer.setAdjustments(next);
  };
  const content = (
    <Flex vertical gap={4} style={{ width: 220 }} data-testid="adjustments-panel">
      {KEYS.map((key) => (
        <div key={key}>
          <Typography.Text>{t(`adjust.${key}`)}</Typography.Text>
          <Slider
            min={ADJUSTMENT_RANGES[key].min}
            max={ADJUSTMENT_RANGES[key].max}
            step={0.05}
            value={values[key]}
            onChange={(v) => change({ ...values, [key]: v })}
            aria-label={t(`adjust.${key}`)}
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
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={t('adjust.title')}>
        <Button
          icon={<BgColorsOutlined />}
          type={isNeutral(values) ? 'default' : 'primary'}
          aria-label={t('adjust.title')}
          data-testid="viewer-adjust"
        />
      </Tooltip>
    </Popover>
  );
}
