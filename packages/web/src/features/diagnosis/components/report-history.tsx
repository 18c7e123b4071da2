import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Flex, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isReleased, type ReportDto } from '@pathconsult/shared';
import { currentVersions, reviewStateOf } from '../utils/review-state';
import { ReportCard } from './report-card';
import { ReportPdfModal } from './report-pdf-modal';

/**
 * The signed versions, newest first (the history of opinions): each receive's highest released
 * version is its current report, the older ones are kept as they were signed (a version waiting
 * for review or rejected is not out, see currentVersions). Every version has its print preview;
 * `actionsOf` adds the reader's own buttons.
 */
export function ReportHistory({
  reports,
  actionsOf,
}: {
  reports: readonly ReportDto[];
  actionsOf?: (report: ReportDto) => ReactNode;
}) {
  const { t } = useTranslation('diagnosis');
  const [printing, setPrinting] = useState<ReportDto | null>(null);
  const latest = currentVersions(reports);
  return (
    <Flex vertical gap="middle" data-testid="report-history">
      {reports.map((r) => (
        <ReportCard
          key={r.iReportId}
          report={r}
          latest={latest.get(r.iPatientReceiveId) === r.iVersion}
          actions={
            <Space wrap>
              {actionsOf?.(r)}
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                onClick={() => setPrinting(r)}
                data-testid={`report-pdf-${r.iReportId}`}
              >
                {t('pdf.preview')}
              </Button>
            </Space>
          }
        />
      ))}
      {/* A version waiting for review or rejected is read, not printed: it is not out. */}
      <ReportPdfModal
        report={printing}
        onClose={() => setPrinting(null)}
        printable={printing === null || isReleased(reviewStateOf(printing))}
      />
    </Flex>
  );
}
