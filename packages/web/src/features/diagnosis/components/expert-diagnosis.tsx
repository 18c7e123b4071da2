import { Alert, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ReportKind, type PatientDto } from '@pathconsult/shared';
import { ListError } from '@/app/routes/list-error';
import { useDiagnosis } from '../api/diagnosis';
import { expertReviewNotice } from '../utils/review-state';
import { useFigureLabel } from '../utils/use-figure-label';
import { DiagnosisForm } from './diagnosis-form';
import { ReportHistory } from './report-history';
import { ReportRequests } from './report-requests';
import { ReturnActions } from './return-actions';

/**
 * The expert's result-info tab: the version they may write now (and, below it, the returns while
 * the case waits for its first report), the doctor's requests to answer, their signed versions.
 * Where the expert's hospital reviews reports, a newest version waiting for review leaves nothing
 * to write (the server opens none) and says so; a rejected one shows why above the new version.
 * Figures of the draft deleted since it was saved (a doctor may delete their own screenshots)
 * are named, since the draft's text may cite the numbers the figures after them had.
 */
export function ExpertDiagnosis({ patient }: { patient: PatientDto }) {
  const { t, i18n } = useTranslation('diagnosis');
  const diagnosis = useDiagnosis(patient.iPatientId);
  const figureLabel = useFigureLabel();
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
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
  const review = expertReviewNotice(d.listReport);
  return (
    <Flex vertical gap="middle">
      {review?.kind === 'pending' && (
        <Alert
          type="info"
          showIcon
          title={t('review.pendingTitle')}
          description={t('review.pendingHint')}
          data-testid="diagnosis-review-pending"
        />
      )}
      {review?.kind === 'rejected' && (
        <Alert
          type="warning"
          showIcon
          title={t('review.rejectedTitle', { n: review.report.iVersion })}
          description={
            <>
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                data-testid="diagnosis-review-reason"
              >
                {t('review.reason')}
                {review.report.strReviewReason}
              </Typography.Paragraph>
              {review.report.reviewer && (
                <Typography.Text type="secondary">
                  {t('review.reviewedBy', {
                    name: review.report.reviewer.strRealName,
                    time: review.report.dtReviewTime
                      ? dayjs(review.report.dtReviewTime).format('YYYY-MM-DD HH:mm')
                      : '',
                  })}
                </Typography.Text>
              )}
            </>
          }
          data-testid="diagnosis-review-rejected"
        />
      )}
      {d.objDraft && d.dtEarlierDraft && (
        <Alert
          type="info"
          showIcon
          title={t('earlierDraft', {
            time: dayjs(d.dtEarlierDraft).format('YYYY-MM-DD HH:mm'),
          })}
          data-testid="diagnosis-earlier-draft"
        />
      )}
      {d.objDraft && d.listGoneFigure.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('goneFigures', {
            count: d.listGoneFigure.length,
            figures: listFormat.format(d.listGoneFigure.map(figureLabel)),
          })}
          data-testid="diagnosis-gone-figures"
        />
      )}
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
      {!d.objDraft && d.listReport.length > 0 && !review && (
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
