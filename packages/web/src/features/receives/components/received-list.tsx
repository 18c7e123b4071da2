import { EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReceiveState, type ReceivedItem, type ReceiveStateCode } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { usePagedRows, usePaging } from '@/app/routes/list-state';
import { PagedTable } from '@/components/paged-table';
import { CASE_DETAIL_PATH } from '@/features/cases/components/case-list';
import { useOpenReceive, useReceivedPage } from '../api/receives';
import { usePatientColumns } from '@/features/cases/components/patient-columns';

interface Filters {
  strPatientName?: string;
  strDiagnosistNum?: string;
}

/**
 * The expert's cases in one receive state (/waitdiagnosis: waiting, /enddiagnosis: diagnosed,
 * /returncases: returned; the diagnosed list holds those waiting for review before release too,
 * tagged so): newest first, searchable by name and pathology number. Opening a case
 * marks it viewed (patient/getPatientReceiveInfo), after which its doctor can no longer withdraw
 * it, and shows its detail. Rows are `received-row-<pathology number>`.
 */
export function ReceivedList({ state }: { state: ReceiveStateCode }) {
  const { t } = useTranslation('receives');
  const { t: tc } = useTranslation('cases');
  const navigate = useNavigate();
  const paging = usePaging();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const query = useReceivedPage({ iState: state, ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const open = useOpenReceive();

  const openCase = (row: ReceivedItem) =>
    open.mutate(row.iPatientReceiveId, {
      onSuccess: () => void navigate(`${CASE_DETAIL_PATH}?iPatientId=${row.iPatientId}`),
    });

  const patientColumns = usePatientColumns<ReceivedItem>();
  const columns: TableColumnsType<ReceivedItem> = [
    {
      key: 'number',
      title: tc('fields.strDiagnosistNum'),
      dataIndex: 'strDiagnosistNum',
      fixed: 'left',
      width: 150,
      render: (num: string, row) => (
        <Space size={4}>
          <Typography.Text strong>{num}</Typography.Text>
          {!row.dtViewTime && <Tag color="blue">{t('received.notViewed')}</Tag>}
          {row.ddReceiveState.iNumber === ReceiveState.Reviewing && (
            <Tag color="purple" data-testid={`received-reviewing-${row.strDiagnosistNum}`}>
              {t(`sentTo.states.${ReceiveState.Reviewing}`)}
            </Tag>
          )}
        </Space>
      ),
    },
    ...patientColumns,
    {
      key: 'type',
      title: tc('fields.ddDiagnosticType'),
      width: 130,
      render: (_, row) => (
        <Space size={4} wrap>
          <span>{tc(`diagnosticType.${row.ddDiagnosticType.iNumber}`)}</span>
          {row.ddEmergency.iNumber === 1 && <Tag color="red">{tc('emergency.1')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'sender',
      title: t('received.sender'),
      width: 110,
      render: (_, row) => row.sendUser.strRealName,
    },
    {
      key: 'hospital',
      title: t('received.hospital'),
      dataIndex: 'strSendHospitalName',
      width: 160,
    },
    {
      key: 'time',
      title: t('received.time'),
      dataIndex: 'dtReceiveTime',
      width: 150,
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: tc('list.actions'),
      fixed: 'right',
      width: 100,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          loading={open.isPending && open.variables === row.iPatientReceiveId}
          onClick={() => openCase(row)}
          data-testid={`received-open-${row.strDiagnosistNum}`}
        >
          {t('received.open')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      filters={
        <Flex gap="small" wrap>
          <Input
            allowClear
            placeholder={tc('filters.namePlaceholder')}
            style={{ width: 180 }}
            value={draft.strPatientName}
            onChange={(e) => setDraft((d) => ({ ...d, strPatientName: e.target.value }))}
          />
          <Input
            allowClear
            placeholder={tc('filters.numberPlaceholder')}
            style={{ width: 180 }}
            value={draft.strDiagnosistNum}
            onChange={(e) => setDraft((d) => ({ ...d, strDiagnosistNum: e.target.value }))}
          />
          <Button
            type="primary"
            onClick={() => {
              setFilters({
                strPatientName: draft.strPatientName?.trim() || undefined,
                strDiagnosistNum: draft.strDiagnosistNum?.trim() || undefined,
              });
              paging.toFirstPage();
            }}
            data-testid="received-search"
          >
            {tc('filters.search')}
          </Button>
        </Flex>
      }
      query={query}
      loadError={{ title: t('received.loadError'), testId: 'received-error' }}
    >
      <PagedTable<ReceivedItem>
        {...rows}
        testId="received-table"
        rowKey="iPatientReceiveId"
        rowTestId={(row) => `received-row-${row.strDiagnosistNum}`}
        columns={columns}
        scrollX={1100}
        texts={{
          total: (total) => t('received.total', { total, count: total }),
          empty: t('received.empty'),
          loadError: t('received.loadError'),
        }}
      />
    </ListPage>
  );
}
