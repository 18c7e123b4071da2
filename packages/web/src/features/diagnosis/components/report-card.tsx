import { Card, Descriptions, Flex, Image, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isReleased, ReviewState, type ReportDto } from '@pathconsult/shared';
import { reviewStateOf } from '../utils/review-state';
import { useReportLayout } from '../utils/use-report-layout';
import { ReportFigures } from './report-figures';
import { ReviewStateTag } from './review-state-tag';

/**
 * One signed version of a report as the doctor and the expert read it: result, opinion, the
 * supplement of a supplementary version, the pictures numbered as the PDF numbers them, the
 * signature image it was signed with, who signed and when. `actions` are the reader's buttons
 * (requests, print): beside the title, or on a phone above the report, where the title leaves
 * them no room. Where reports are reviewed before release, the review state, and once decided who
 * decided it (with the reason of a rejection). A version not released (pending, rejected) is
 * neither the current version nor a superseded one.
 */
export function ReportCard({
  report,
  latest,
  actions,
}: {
  report: ReportDto;
  latest: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('diagnosis');
  const reviewState = reviewStateOf(report);
  const { narrow, descriptions } = useReportLayout();
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Typography.Text strong>{t('version', { n: report.iVersion })}</Typography.Text>
          <Tag>{t(`kind.${report.ddKind.iNumber}`)}</Tag>
          {isReleased(reviewState) &&
            (latest ? <Tag color="green">{t('latest')}</Tag> : <Tag>{t('superseded')}</Tag>)}
          <ReviewStateTag state={reviewState} />
        </Space>
      }
      extra={narrow ? undefined : actions}
      data-testid={`report-${report.iReportId}`}
    >
      {narrow && actions ? <div style={{ marginBottom: 12 }}>{actions}</div> : null}
      <Descriptions column={1} size="small" bordered {...descriptions}>
        <Descriptions.Item label={t('result')}>
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-wrap', margin: 0 }}
            data-testid="report-result"
          >
            {report.strResult}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('opinion')}>
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-wrap', margin: 0 }}
            data-testid="report-opinion"
          >
            {report.strOpinion || '—'}
          </Typography.Paragraph>
        </Descriptions.Item>
        {report.strSupplement ? (
          <Descriptions.Item label={t('supplement')}>
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', margin: 0 }}
              data-testid="report-supplement"
            >
              {report.strSupplement}
            </Typography.Paragraph>
          </Descriptions.Item>
        ) : null}
        {report.listScreenshot.length > 0 ? (
          <Descriptions.Item label={t('figures')}>
            <ReportFigures shots={report.listScreenshot} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('signedBy')}>
          <Flex align="center" gap="middle" wrap>
            {report.strSignature && (
              <Image
                src={report.strSignature}
                alt={t('signatureAlt', { name: report.expert.strRealName })}
                height={48}
                preview={false}
                data-testid="report-signature"
              />
            )}
            <span>
              {report.expert.strRealName}
              {report.expert.strHospitalName ? ` · ${report.expert.strHospitalName}` : ''}
              {report.dtSignTime ? ` · ${dayjs(report.dtSignTime).format('YYYY-MM-DD HH:mm')}` : ''}
            </span>
          </Flex>
        </Descriptions.Item>
        {report.reviewer && reviewState !== ReviewState.Pending ? (
          <Descriptions.Item label={t('review.label')}>
            <div data-testid="report-review">
              {t('review.reviewedBy', {
                name: report.reviewer.strRealName,
                time: report.dtReviewTime
                  ? dayjs(report.dtReviewTime).format('YYYY-MM-DD HH:mm')
                  : '',
              })}
              {reviewState === ReviewState.Rejected && report.strReviewReason && (
                <Typography.Paragraph
                  type="danger"
                  style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                  data-testid="report-review-reason"
                >
                  {t('review.reason')}
                  {report.strReviewReason}
                </Typography.Paragraph>
              )}
            </div>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
