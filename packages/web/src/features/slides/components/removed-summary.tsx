import { Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../utils/format-bytes';

/**
 * The figures above the removal log: how many slides it holds and their sizes added up, over
 * every page and within the filters (a period's clean-up reads as "120 slides, 310 GB"). From
 * the list's own answer, so they always agree with the rows; nothing before the first answer.
 */
export function RemovedSummary({
  page,
  filtered,
}: {
  page: { iTotalCount: number; lTotalBytes: number } | undefined;
  filtered: boolean;
}) {
  const { t } = useTranslation('slides');
  if (!page) {
    return null;
  }
  return (
    <Space size="large" wrap align="end" data-testid="removed-summary">
      <Statistic
        title={t('summary.removed')}
        value={page.iTotalCount}
        data-testid="removed-summary-count"
      />
      <Statistic
        title={t('summary.removedSize')}
        value={formatBytes(page.lTotalBytes)}
        data-testid="removed-summary-size"
      />
      {filtered && (
        <Typography.Text type="secondary" data-testid="removed-summary-filtered">
          {t('summary.removedFiltered')}
        </Typography.Text>
      )}
    </Space>
  );
}
