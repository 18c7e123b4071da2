import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleType, type SlideStatisticsReport } from '@pathconsult/shared';
import { QuickRangePicker } from '@/features/audit/components/quick-range-picker';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { formatStorageTotal } from '@/features/hospitals/utils/storage';
import { useMyPrivilegeList } from '@/features/privileges/api/privileges';
import { granterHoldsOf } from '@/features/privileges/utils/granter';
import { maxScope } from '@/features/privileges/utils/grants';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import { lazyScreen } from '@/lib/lazy-screen';
import { useSession } from '@/lib/use-session';
import { useSlideStatisticsReport } from '../api/slide-statistics';
import { reportTotals } from '../utils/report-totals';
import { useSelectClear } from '@/lib/select-clear';

// ECharts is large: its script loads with the chart, after the figures.
const UploadsChart = lazyScreen(() => import('./uploads-chart'));

type HospitalRow = SlideStatisticsReport['listHospital'][number];
type TypeRow = SlideStatisticsReport['listType'][number];

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * /total/ThoughTotal: the slides of the hospitals the administrator's "data statistics" covers
 * (or one of them): what is stored, matched, failed, the storage used, the uploads of a period
 * per day, and the same by hospital and by format.
 */
export function SlideStatisticsScreen() {
  const selectClear = useSelectClear();
  const { t } = useTranslation('slideStatistics');
  const { t: tMenu } = useTranslation('menu');
  const { iRoleType } = useSession();
  const ownPrivileges = useMyPrivilegeList();
  // Several hospitals' figures (the platform, or "data statistics" for all): a hospital to pick.
  const everyHospital =
    iRoleType === RoleType.PlatformAdmin ||
    maxScope(granterHoldsOf(ownPrivileges.data), 'statistics') === 2;
  const hospitals = useAllHospitals(everyHospital);
  const [iHospitalId, setHospitalId] = useState<number | undefined>(undefined);
  // None picked yet: the server's period, the last 30 days up to today in China (the
  // product's days; a browser elsewhere would end the period on another day).
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const query = useSlideStatisticsReport({
    iHospitalId,
    ...(range ? { dtStart: day(range[0]), dtEnd: day(range[1]) } : {}),
  });
  const report = query.data;
  const shownRange: [Dayjs, Dayjs] | null =
    range ?? (report ? [dayjs(report.strStart), dayjs(report.strEnd)] : null);
  const totals = report ? reportTotals(report) : null;
  const noUploads = report ? report.listDay.every((d) => d.iUploaded === 0) : false;

  const hospitalColumns = [
    { title: t('byHospital.hospital'), dataIndex: 'strHospitalName', key: 'name' },
    { title: t('byHospital.total'), dataIndex: 'iTotal', key: 'total', align: 'right' as const },
    { title: t('byHospital.matched'), dataIndex: 'iMatched', key: 'm', align: 'right' as const },
    {
      title: t('byHospital.unmatched'),
      dataIndex: 'iUnmatched',
      key: 'u',
      align: 'right' as const,
    },
    { title: t('byHospital.failed'), dataIndex: 'iFailed', key: 'f', align: 'right' as const },
    {
      title: t('byHospital.unfinished'),
      dataIndex: 'iUnfinished',
      key: 'uf',
      align: 'right' as const,
    },
    {
      title: t('byHospital.stored'),
      key: 'stored',
      align: 'right' as const,
      render: (_: unknown, h: HospitalRow) => formatBytes(h.lStoredBytes),
    },
    {
      title: t('byHospital.storage'),
      key: 'storage',
      align: 'right' as const,
      render: (_: unknown, h: HospitalRow) =>
        `${formatBytes(h.lUsedBytes)} / ${formatStorageTotal(h.dTotalMemory)}`,
    },
  ];
  const typeColumns = [
    { title: t('byType.type'), dataIndex: 'strFileType', key: 'type' },
    { title: t('byType.total'), dataIndex: 'iTotal', key: 'total', align: 'right' as const },
    {
      title: t('byType.stored'),
      key: 'stored',
      align: 'right' as const,
      render: (_: unknown, r: TypeRow) => formatBytes(r.lStoredBytes),
    },
  ];

  return (
    <Card title={tMenu('ThoughTotal')} data-testid="slide-statistics">
      <Flex vertical gap="middle">
        <Flex gap="middle" wrap align="center" data-testid="slide-statistics-filters">
          {everyHospital && (
            <Space>
              <Typography.Text>{t('filters.hospital')}</Typography.Text>
              <Select<number>
                allowClear={selectClear}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('filters.allHospitals')}
                style={{ width: 240, maxWidth: '70vw' }}
                loading={hospitals.isPending}
                value={iHospitalId}
                onChange={(value) => setHospitalId(value ?? undefined)}
                options={(hospitals.data ?? []).map((h) => ({
                  value: h.iHospitalId,
                  label: h.strHospitalName,
                }))}
                data-testid="slide-statistics-hospital"
              />
            </Space>
          )}
          <Space wrap>
            <Typography.Text>{t('filters.period')}</Typography.Text>
            <QuickRangePicker
              ns="slideStatistics"
              value={shownRange}
              allowClear={false}
              onChange={(value) => {
                if (value?.[0] && value[1]) {
                  setRange([value[0], value[1]]);
                }
              }}
            />
          </Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            data-testid="slide-statistics-refresh"
          >
            {t('filters.refresh')}
          </Button>
        </Flex>

        {query.isError && (
          <Alert
            type="error"
            showIcon
            title={t('loadError')}
            description={query.error.message}
            data-testid="slide-statistics-error"
          />
        )}

        {totals && report && (
          <>
            <Space size="large" wrap data-testid="slide-statistics-figures">
              <Statistic title={t('figures.total')} value={totals.iTotal} />
              <Statistic title={t('figures.matched')} value={totals.iMatched} />
              <Statistic title={t('figures.unmatched')} value={totals.iUnmatched} />
              <Statistic title={t('figures.failed')} value={totals.iFailed} />
              <Statistic title={t('figures.unfinished')} value={totals.iUnfinished} />
              <Statistic title={t('figures.stored')} value={formatBytes(totals.lStoredBytes)} />
              <Statistic
                title={t('figures.storage')}
                value={t('figures.storageValue', {
                  used: formatBytes(totals.lUsedBytes),
                  total: formatStorageTotal(totals.dTotalMemory),
                })}
              />
              <Statistic
                title={t('figures.uploadsInPeriod')}
                value={t('figures.uploadsValue', {
                  count: totals.iUploadedInPeriod,
                  bytes: formatBytes(totals.lBytesInPeriod),
                })}
                data-testid="slide-statistics-uploads"
              />
            </Space>

            <Card
              size="small"
              title={
                // Wraps on a phone (a card's title is one line, cut, by default), between words,
                // never inside a date ("2026-12-" then "01").
                <span style={{ whiteSpace: 'normal' }}>
                  {t('chart.title', { start: report.strStart, end: report.strEnd })
                    .split(/(\d{4}-\d{2}-\d{2})/)
                    .map((part, i) =>
                      i % 2 === 1 ? (
                        <span key={i} style={{ whiteSpace: 'nowrap' }}>
                          {part}
                        </span>
                      ) : (
                        part
                      ),
                    )}
                </span>
              }
              data-testid="slide-statistics-chart"
            >
              {noUploads ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />
              ) : (
                <Suspense fallback={<div style={{ height: 280 }} />}>
                  <UploadsChart days={report.listDay} />
                </Suspense>
              )}
            </Card>

            <Row gutter={[16, 16]}>
              {report.listHospital.length > 1 && (
                // The whole width below 1920 px: eight columns of figures cut its last one (in
                // English at 1600 px too).
                <Col xs={24} xxxl={16}>
                  <Card size="small" title={t('byHospital.title')}>
                    <Table<HospitalRow>
                      size="small"
                      rowKey="iHospitalId"
                      columns={hospitalColumns}
                      dataSource={report.listHospital}
                      pagination={{ pageSize: 10, hideOnSinglePage: true }}
                      scroll={{ x: 'max-content' }}
                      data-testid="slide-statistics-hospitals"
                    />
                  </Card>
                </Col>
              )}
              <Col xs={24} md={12} xxxl={report.listHospital.length > 1 ? 8 : 12}>
                <Card size="small" title={t('byType.title')}>
                  <Table<TypeRow>
                    size="small"
                    rowKey="strFileType"
                    columns={typeColumns}
                    dataSource={report.listType}
                    pagination={false}
                    locale={{ emptyText: t('byType.empty') }}
                    data-testid="slide-statistics-types"
                  />
                </Card>
              </Col>
            </Row>
            <Typography.Text type="secondary">{t('note')}</Typography.Text>
          </>
        )}
      </Flex>
    </Card>
  );
}
