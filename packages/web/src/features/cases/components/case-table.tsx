import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  RollbackOutlined,
  SendOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType, TableColumnType } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_CLASSIFICATIONS, type PatientListItem } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { useSession } from '@/lib/use-session';
import { caseRowActions, type CaseRowAction } from '../utils/case-actions';
import { sortOrderOf, type CaseSort, type SortColumn } from '../utils/case-sort';
import { CaseStateTag } from './case-state-tag';

interface CaseTableProps extends PagedRows<PatientListItem> {
  vet: boolean;
  /** The server stopped counting (PATIENT_COUNT_CAP): the total says "more than". */
  totalCapped: boolean;
  sort: CaseSort;
  onSort: (column: SortColumn) => void;
  onAction: (action: CaseRowAction, row: PatientListItem) => void;
  /** The row action under way (its button spins). */
  busy: { action: CaseRowAction; iPatientId: number } | null;
}

const ICONS: Record<CaseRowAction, ReactNode> = {
  detail: <EyeOutlined />,
  edit: <EditOutlined />,
  submit: <SendOutlined />,
  clone: <CopyOutlined />,
  collect: <StarOutlined />,
  uncollect: <StarFilled />,
  withdraw: <RollbackOutlined />,
  delete: <DeleteOutlined />,
};

/**
 * The case list. Rows are `case-row-<pathology number>`, actions `case-<action>-<number>`.
 * Creation time and pathology number sort from their headers (click or Enter): the server sorts,
 * so the table only shows the order and reports the click.
 */
export function CaseTable(props: CaseTableProps) {
  const { t } = useTranslation('cases');
  const { iUserId } = useSession();
  const sortable = (column: SortColumn): Partial<TableColumnType<PatientListItem>> => ({
    sorter: true,
    sortOrder: sortOrderOf(props.sort, column),
    showSorterTooltip: false,
    onHeaderCell: () => ({
      onClick: () => props.onSort(column),
      onKeyDown: (event) => {
        if (event.key === 'Enter') {
          props.onSort(column);
        }
      },
    }),
  });
  const columns: TableColumnsType<PatientListItem> = [
    {
      key: 'number',
      title: t('fields.strDiagnosistNum'),
      dataIndex: 'strDiagnosistNum',
      fixed: 'left',
      width: 150,
      ...sortable('number'),
      render: (num: string, row) => (
        <Space size={4}>
          <Typography.Text strong>{num}</Typography.Text>
          {row.bCollected && (
            <StarFilled style={{ color: '#faad14' }} aria-label={t('list.collected')} />
          )}
        </Space>
      ),
    },
    {
      key: 'name',
      title: t(props.vet ? 'fields.petName' : 'fields.strPatientName'),
      width: 140,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.strPatientName}</span>
          {row.strSpecies && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.strSpecies}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'sex',
      title: t('fields.ddSex'),
      width: 70,
      render: (_, row) => (row.ddSex ? t(`sex.${row.ddSex.iNumber}`) : '—'),
    },
    { key: 'age', title: t('fields.age'), dataIndex: 'strAge', width: 100 },
    {
      key: 'classification',
      title: t('fields.ddClassification'),
      width: 140,
      render: (_, row) => {
        const key = row.ddClassification
          ? CASE_CLASSIFICATIONS[row.ddClassification.iNumber - 1]
          : undefined;
        return key ? t(`classification.${key}`) : '—';
      },
    },
    {
      key: 'type',
      title: t('fields.ddDiagnosticType'),
      width: 130,
      render: (_, row) => (
        <Space size={4} wrap>
          <span>{t(`diagnosticType.${row.ddDiagnosticType.iNumber}`)}</span>
          {row.ddEmergency.iNumber === 1 && <Tag color="red">{t('emergency.1')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 130,
      render: (_, row) => <CaseStateTag state={row.ddPatientState.iNumber} />,
    },
    {
      key: 'owner',
      title: t('fields.owner'),
      width: 100,
      render: (_, row) => row.owner.strRealName,
    },
    {
      key: 'created',
      title: t('fields.createTime'),
      dataIndex: 'dtCreateTime',
      width: 150,
      ...sortable('created'),
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      width: 260,
      render: (_, row) => (
        <RowActions
          wrap
          actions={caseRowActions(row, iUserId).map((action) => ({
            key: action,
            label: t(`actions.${action}`),
            icon: ICONS[action],
            danger: action === 'delete' || action === 'withdraw',
            loading: props.busy?.action === action && props.busy.iPatientId === row.iPatientId,
            testId: `case-${action}-${row.strDiagnosistNum}`,
            onClick: () => props.onAction(action, row),
          }))}
        />
      ),
    },
  ];
  return (
    <PagedTable<PatientListItem>
      {...props}
      testId="case-table"
      rowKey="iPatientId"
      rowTestId={(row) => `case-row-${row.strDiagnosistNum}`}
      columns={columns}
      scrollX={1270}
      texts={{
        total: (total) => t(props.totalCapped ? 'list.totalCapped' : 'list.total', { total }),
        empty: t('list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}
