import { useTranslation } from 'react-i18next';
import type { AnnotationKind } from '@pathconsult/shared';
import { measurementParts, type PixelSize, type Point } from '../utils/geometry';

/**
 * A shape's measurement with each part named ("Perimeter 429 µm · Area 0.0747 mm²"), where there
 * is room for words: the annotation list and the card of a picked annotation. A polygon's
 * "429 µm · 7470 µm²" did not say which length it was. Each part is kept whole on one line
 * ("0.0342 mm²" must not lose its unit); nothing when the shape measures nothing.
 */
export function NamedMeasurement({
  kind,
  points,
  mpp,
}: {
  kind: AnnotationKind;
  points: readonly Point[];
  mpp: PixelSize;
}) {
  const { t } = useTranslation('annotations');
  return measurementParts(kind, points, mpp).map(({ part, text }, i) => (
    <span key={part}>
      {i > 0 && ' · '}
      <span style={{ whiteSpace: 'nowrap' }}>
        {t('measure.named', { name: t(`measure.${part}`), text })}
      </span>
    </span>
  ));
}
