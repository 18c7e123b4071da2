import { ColumnWidthOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlideAnnotations } from '@/features/annotations/api/annotations';
import { PaneNameAction } from './pane-name-action';

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
    <PaneNameAction
      hint={on ? t('rulerOnHint') : t('rulerHint')}
      icon={<ColumnWidthOutlined />}
      pressed={on}
      onClick={() => onChange(!on)}
      testId={`slide-pane-ruler-${slideId}`}
    >
      {t('ruler')}
    </PaneNameAction>
  );
}
