import { CheckOutlined, CloseOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ReviewState, type ReviewListItem } from '@pathconsult/shared';
import { usePatientColumns } from '@/features/cases/components/patient-columns';
import { ReviewStateTag } from './review-state-tag';
import { resultColumn } from './report-list-parts';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

interface ReviewActions {
  onPreview: (row: ReviewListItem) => void;
  /** Resolves once the decision is made or failed (the confirmation spins until then). */
  onPass: (row: ReviewListItem) => Promise<void>;
  onReject: (row: ReviewListItem) => void;
}

/**
 * The columns of the review list: which case and version, who signed it where and when, what it
 * says, and the review (state, reviewer, a rejection's reason). Pending rows are passed (after a
 * confirmation) or rejected with a reason; every row is previewed as the PDF the doctor would get.
 * Buttons `review-preview-<iReportId>`, `review-pass-<iReportId>`, `review-reject-<iReportId>`;
 * the confirmation's OK `review-pass-ok`.
 */
export function useReviewColumns(actions: ReviewActions): TableColumnsType<ReviewListItem> {
  const { t } = useTranslation('diagnosis');
  const { t: tc } = useTranslation('cases');
  const patientColumns = usePatientColumns<ReviewListItem>();
  return [
    {
      key: 'number',
      title: tc('fields.strDiagnosistNum'),
      dataIndex: 'strDiagnosistNum',
      fixed: 'left',
      width: 150,
      render: (num: string) => <Typography.Text strong>{num}</Typography.Text>,
    },
    ...patientColumns,
    {
      key: 'expert',
      title: t('review.col.expert'),
      width: 160,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.expert.strRealName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.expert.strHospitalName}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'version',
      title: t('list.version'),
      width: 150,
      render: (_, row) => (
        <>
          {t('version', { n: row.iVersion })} <Tag>{t(`kind.${row.ddKind.iNumber}`)}</Tag>
        </>
      ),
    },
    {
      key: 'signed',
      title: t('list.signedAt'),
      dataIndex: 'dtSignTime',
      width: 150,
      render: time,
    },
    resultColumn<ReviewListItem>(t),
    {
      key: 'state',
      title: t('review.col.state'),
      width: 100,
      render: (_, row) => <ReviewStateTag state={row.ddReviewState.iNumber} />,
    },
    {
      key: 'review',
      title: t('review.col.review'),
      width: 220,
      render: (_, row) =>
        row.reviewer ? (
          <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
            <span>
              {row.reviewer.strRealName}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {' '}
                {time(row.dtReviewTime)}
              </Typography.Text>
            </span>
            {row.ddReviewState.iNumber === ReviewState.Rejected && row.strReviewReason && (
              <Typography.Text
                type="danger"
                ellipsis={{ tooltip: row.strReviewReason }}
                style={{ maxWidth: 200 }}
                data-testid={`review-reason-${row.iReportId}`}
              >
                {row.strReviewReason}
              </Typography.Text>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: tc('list.actions'),
      fixed: 'right',
      width: 210,
      render: (_, row) => <RowButtons row={row} actions={actions} />,
    },
  ];
}

function RowButtons({ row, actions }: { row: ReviewListItem; actions: ReviewActions }) {
  const { t } = useTranslation('diagnosis');
  const pending = row.ddReviewState.iNumber === ReviewState.Pending;
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<FilePdfOutlined />}
        onClick={() => actions.onPreview(row)}
        data-testid={`review-preview-${row.iReportId}`}
      >
        {t('review.preview')}
      </Button>
      {pending && (
        <Popconfirm
          title={t('review.passTitle')}
          description={t('review.passContent')}
          okText={t('review.pass')}
          onConfirm={() => actions.onPass(row)}
          okButtonProps={{ ...{ 'data-testid': 'review-pass-ok' } }}
        >
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            data-testid={`review-pass-${row.iReportId}`}
          >
            {t('review.pass')}
          </Button>
        </Popconfirm>
      )}
      {pending && (
        <Button
          type="link"
          size="small"
          danger
          icon={<CloseOutlined />}
          onClick={() => actions.onReject(row)}
          data-testid={`review-reject-${row.iReportId}`}
        >
          {t('review.reject')}
        </Button>
      )}
    </Space>
  );
}
