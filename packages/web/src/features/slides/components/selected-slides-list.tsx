import { theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideDocumentDto } from '@pathconsult/shared';

/*
 * A selection may span pages, and the other pages' ticks are out of sight: the confirmation
 * names every slide it deletes. Up to 100 of them, so the list scrolls past a few lines.
 */
const LIST: CSSProperties = {
  maxHeight: 200,
  overflowY: 'auto',
  margin: '8px 0',
  padding: '4px 8px',
  listStyle: 'none',
};

/** Long scanner names wrap inside the dialog instead of widening it. */
const ITEM: CSSProperties = { overflowWrap: 'anywhere', padding: '2px 0' };

/** The slides a bulk deletion removes: each name with its pathology number. */
export function SelectedSlidesList({ slides }: { slides: readonly SlideDocumentDto[] }) {
  const { t } = useTranslation('slides');
  const { token } = theme.useToken();
  const frame = {
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
  };
  return (
    <ul
      style={{ ...LIST, ...frame }}
      aria-label={t('delete.listLabel')}
      data-testid="slide-delete-list"
    >
      {slides.map((slide) => (
        <li key={slide.iSlideDocumentId} style={ITEM}>
          <Typography.Text strong>{slide.strFileName}</Typography.Text>{' '}
          <Typography.Text type="secondary">· {slide.strDiagnosistNum}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
