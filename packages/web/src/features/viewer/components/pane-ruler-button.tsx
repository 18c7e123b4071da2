import { ColumnWidthOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PaneNameAction } from './pane-name-action';

/**
 * "Measure" beside the name of a slide shown side by side: the ruler on that pane, the one tool
 * the panes have (the others, the list and screenshots need the single view's side panel).
 * Comparing two stains, a pathologist measures a focus on one without leaving the other. Shown
 * only to those who may annotate the slide (a ruler is saved as one of its annotations: the pane
 * decides, use-pane-ruler.ts).
 */
export function PaneRulerButton({
  slideId,
  on,
  onChange,
  iconOnly,
}: {
  slideId: number;
  on: boolean;
  onChange: (on: boolean) => void;
  /** A narrow pane's (three in a row): the icon alone. */
  iconOnly?: boolean;
}) {
  const { t } = useTranslation('viewer');
  return (
    <PaneNameAction
      hint={on ? t('rulerOnHint') : t('rulerHint')}
      icon={<ColumnWidthOutlined />}
      pressed={on}
      iconOnly={iconOnly}
      onClick={() => onChange(!on)}
      testId={`slide-pane-ruler-${slideId}`}
    >
      {t('ruler')}
    </PaneNameAction>
  );
}
