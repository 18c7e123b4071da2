import { ColumnWidthOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlideAnnotations } from '@/features/annotations/api/annotations';

/**
 * "Measure" beside the name of a slide shown side by side: the ruler on that pane, the one tool
 * the panes have (the others, the list and screenshots need the single view's side panel).
 * Comparing two stains, a pathologist measures a focus on one without leaving the other. Only
 * for those who may annotate the slide: a ruler is saved as one of its annotations.
 */
export function PaneRulerButton({
  slideId,
  on,
  onChange,
}: {
  slideId: number;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('viewer');
  const mayWrite = useSlideAnnotations(slideId).data?.bMayWrite ?? false;
  // Changes refused meanwhile (the case went back): the ruler is put down with its button.
  useEffect(() => {
    if (!mayWrite && on) {
      onChange(false);
    }
  }, [mayWrite, on, onChange]);
  if (!mayWrite) {
    return null;
  }
  return (
    <Tooltip title={on ? t('rulerOnHint') : t('rulerHint')}>
      <Button
        type={on ? 'primary' : 'link'}
        size="small"
        icon={<ColumnWidthOutlined />}
        aria-pressed={on}
        onClick={() => onChange(!on)}
        style={{ flex: 'none', height: 22, paddingInline: on ? 6 : 0 }}
        data-testid={`slide-pane-ruler-${slideId}`}
      >
        {t('ruler')}
      </Button>
    </Tooltip>
  );
}
