import { Button, Empty, Flex, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportRequestKind, type PatientDto, type ReportDto } from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { useDiagnosis } from '../api/diagnosis';
import { ReportHistory } from './report-history';
import { ReportRequests } from './report-requests';
import { RequestModal, type ReportRequestTarget } from './request-modal';
import { ReturnDetail } from './return-detail';

/**
 * The result-info tab of the case's doctor (and of report viewers): the signed reports, the
 * requests about them, and the returns. The doctor asks for a modification or the supplementary
 * opinion of a receive's current report.
 */
export function ReaderDiagnosis({ patient }: { patient: PatientDto }) {
  const { t } = useTranslation('diagnosis');
  const diagnosis = useDiagnosis(patient.iPatientId);
  const [asking, setAsking] = useState<ReportRequestTarget | null>(null);
  if (diagnosis.isPending) {
    return <Skeleton active />;
  }
  if (diagnosis.isError) {
    return (
      <ListError
        title={t('loadError')}
        testId="diagnosis-error"
        onRetry={() => void diagnosis.refetch()}
      />
    );
  }
  const d = diagnosis.data;
  const actionsOf = (r: ReportDto) =>
    (r.bMayRequestModification || r.bMayRequestSupplement) && (
      <Space wrap>
        {r.bMayRequestModification && (
          <Button
            size="small"
            onClick={() => setAsking({ report: r, kind: ReportRequestKind.Modification })}
            data-testid={`request-modify-${r.iReportId}`}
          >
            {t('apply.modify')}
          </Button>
        )}
        {r.bMayRequestSupplement && (
          <Button
            size="small"
            onClick={() => setAsking({ report: r, kind: ReportRequestKind.Supplementary })}
            data-testid={`request-supplement-${r.iReportId}`}
          >
            {t('apply.supplement')}
          </Button>
        )}
      </Space>
    );
  return (
    <Flex vertical gap="middle">
      {d.listReport.length > 0 ? (
        <ReportHistory reports={d.listReport} actionsOf={actionsOf} />
      ) : (
        <Empty description={t('noReport')} data-testid="diagnosis-none" />
      )}
      <ReportRequests requests={d.listRequest} mayAnswer={false} />
      <ReturnDetail iPatientId={patient.iPatientId} />
      <RequestModal target={asking} onClose={() => setAsking(null)} />
    </Flex>
  );
}
