import { Alert, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportKind, type PatientDto } from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { useDiagnosis } from '../api/diagnosis';
import { DiagnosisForm } from './diagnosis-form';
import { ReportHistory } from './report-history';
import { ReportRequests } from './report-requests';
import { ReturnActions } from './return-actions';

/**
 * The expert's result-info tab: the version they may write now (and, below it, the returns while
 * the case waits for its first report), the doctor's requests to answer, their signed versions.
 */
export function ExpertDiagnosis({ patient }: { patient: PatientDto }) {
  const { t } = useTranslation('diagnosis');
  const diagnosis = useDiagnosis(patient.iPatientId);
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
  return (
    <Flex vertical gap="middle">
      {d.objDraft && d.iOpenKind !== null && (
        <DiagnosisForm
          key={`${d.objDraft.iPatientReceiveId}-${d.objDraft.iVersion}`}
          draft={d.objDraft}
          kind={d.iOpenKind}
        />
      )}
      {d.objDraft && d.iOpenKind === ReportKind.Initial && (
        <Card size="small" title={t('back.title')} data-testid="back-actions">
          <Flex vertical gap="small">
            <Typography.Text type="secondary">{t('back.hint')}</Typography.Text>
            <ReturnActions iPatientReceiveId={d.objDraft.iPatientReceiveId} />
          </Flex>
        </Card>
      )}
      {!d.objDraft && d.listReport.length > 0 && (
        <Alert type="success" showIcon title={t('signedFinal')} data-testid="diagnosis-final" />
      )}
      <ReportRequests requests={d.listRequest} mayAnswer />
      {d.listReport.length > 0 ? (
        <ReportHistory reports={d.listReport} />
      ) : (
        !d.objDraft && <Empty description={t('nothingOpen')} data-testid="diagnosis-closed" />
      )}
    </Flex>
  );
}
