import { FileTextOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ReportListItem, ReportListQuery } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { usePagedRows, usePaging } from '@/app/routes/list-state';
import { FilterBar } from '@/components/filter-bar';
import { PagedTable } from '@/components/paged-table';
import { rangeToQuery } from '@/features/audit/utils/date-range';
import { caseDetailHref } from '@/features/case-detail/utils/detail-tabs';
import { useReportList } from '../api/diagnosis';
import { usePatientColumns } from '@/features/cases/components/patient-columns';
import { ReportFilterFields, resultColumn } from './report-list-parts';
import { ReviewStateTag } from './review-state-tag';

interface FilterValues {
  strPatientName?: string;
  strDiagnosistNum?: string;
  range?: [Dayjs, Dayjs] | null;
}
type Filters = Pick<ReportListQuery, 'strPatientName' | 'strDiagnosistNum' | 'dtStart' | 'dtEnd'>;

/**
 * "My reports": /ExpertsReorts (the reports the expert signed) and /DiagnosticReport (the reports
 * on the doctor's cases). One row per sending with its current version, newest signature first;
 * searchable by name, pathology number and signing days. A row opens the case's result-info tab.
 */
export function ReportList({ who }: { who: 'expert' | 'doctor' }) {
  const { t } = useTranslation('diagnosis');
  const { t: tc } = useTranslation('cases');
  const navigate = useNavigate();
  const paging = usePaging();
  const [filters, setFilters] = useState<Filters>({});
  const query = useReportList(who, { ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);

  const patientColumns = usePatientColumns<ReportListItem>();
  const columns: TableColumnsType<ReportListItem> = [
    {
      key: 'number',
      title: tc('fields.strDiagnosistNum'),
      dataIndex: 'strDiagnosistNum',
      fixed: 'left',
      width: 150,
      render: (num: string) => <Typography.Text strong>{num}</Typography.Text>,
    },
    ...patientColumns,
    resultColumn<ReportListItem>(t),
    {
      key: 'version',
      title: t('list.version'),
      width: 150,
      render: (_, row) => (
        <>
          {t('version', { n: row.iVersion })} <Tag>{t(`kind.${row.ddKind.iNumber}`)}</Tag>
          {/* The expert's own versions under review or rejected are marked. */}
          <ReviewStateTag state={row.ddReviewState?.iNumber} />
        </>
      ),
    },
    who === 'doctor'
      ? {
          key: 'expert',
          title: t('list.expert'),
          width: 110,
          render: (_, row) => row.expert.strRealName,
        }
      : {
          key: 'owner',
          title: t('list.doctor'),
          width: 110,
          render: (_, row) => row.owner.strRealName,
        },
    {
      key: 'signed',
      title: t('list.signedAt'),
      dataIndex: 'dtSignTime',
      width: 150,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    { key: 'printed', title: t('list.printed'), dataIndex: 'iPrintCount', width: 80 },
    {
      key: 'actions',
      title: tc('list.actions'),
      fixed: 'right',
      width: 100,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          icon={<FileTextOutlined />}
          onClick={() => void navigate(caseDetailHref('/case/result-info', row.iPatientId))}
          data-testid={`report-open-${row.strDiagnosistNum}`}
        >
          {t('list.open')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      filters={
        <FilterBar<FilterValues>
          name="reportFilters"
          onSearch={(v) => {
            setFilters({
              strPatientName: v.strPatientName?.trim() || undefined,
              strDiagnosistNum: v.strDiagnosistNum?.trim() || undefined,
              ...rangeToQuery(v.range),
            });
            paging.toFirstPage();
          }}
          search={{ label: tc('filters.search'), testId: 'report-search' }}
          reset={{ label: t('list.reset'), testId: 'report-reset', values: {} }}
        >
          <ReportFilterFields />
        </FilterBar>
      }
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'report-list-error' }}
    >
      <PagedTable<ReportListItem>
        {...rows}
        testId="report-table"
        rowKey="iReportId"
        rowTestId={(row) => `report-row-${row.strDiagnosistNum}`}
        columns={columns}
        scrollX={1200}
        texts={{
          total: (total) => t('list.total', { count: total }),
          empty: t('list.empty'),
          loadError: t('list.loadError'),
        }}
      />
    </ListPage>
  );
}
