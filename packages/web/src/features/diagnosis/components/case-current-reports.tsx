import { Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListError } from '@/app/routes/list-error';
import { useDiagnosis } from '../api/diagnosis';
import { currentVersions } from '../utils/review-state';
import { ReportHistory } from './report-history';

/**
 * The case's reports as they stand (each receive's current released version, with its print
 * preview), first in the "诊断报告" tab of the doctor who sent it and of the expert who signed it:
 * both, looking for the signed report, opened that tab and found only the case record. Every
 * version, and the requests about them, stay in "填写诊断", linked from here.
 */
export function CaseCurrentReports({ iPatientId }: { iPatientId: number }) {
  const { t } = useTranslation('diagnosis');
  const diagnosis = useDiagnosis(iPatientId);
  const title = t('current.title');
  if (diagnosis.isPending) {
    return (
      <Card size="small" title={title}>
        <Skeleton active />
      </Card>
    );
  }
  if (diagnosis.isError) {
    return (
      <ListError
        title={t('loadError')}
        testId="case-reports-error"
        onRetry={() => void diagnosis.refetch()}
      />
    );
  }
  // Released versions only: a version under review is not out yet (a doctor is not even sent it).
  const reports = diagnosis.data.listReport;
  const latest = currentVersions(reports);
  const current = reports.filter((r) => latest.get(r.iPatientReceiveId) === r.iVersion);
  const allVersions = `/case/result-info?iPatientId=${iPatientId}`;
  return (
    <Card
      size="small"
      title={title}
      data-testid="case-reports"
      extra={
        reports.length > 0 && (
          <Link to={allVersions} data-testid="case-reports-all">
            {t('current.allVersions')}
          </Link>
        )
      }
    >
      {current.length > 0 ? (
        <ReportHistory reports={current} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<Typography.Text type="secondary">{t('noReport')}</Typography.Text>}
          data-testid="case-reports-none"
        />
      )}
    </Card>
  );
}
