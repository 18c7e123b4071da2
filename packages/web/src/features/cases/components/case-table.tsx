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
import { Flex, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_CLASSIFICATIONS, type PatientListItem } from '@pathconsult/shared';
import { PagedTable, type PagedRows } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { useSession } from '@/lib/use-session';
import { caseRowActions, type CaseRowAction } from '../utils/case-actions';
import { CASE_COLUMN_WIDTHS as WIDTHS, patientFacts } from '../utils/case-columns';
import { sortableColumn } from '@/lib/table-sort';
import type { CaseSort, SortColumn } from '../utils/case-sort';
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
 * so the table only shows the order and reports the click. The columns fit a laptop beside the
 * menu (CASE_COLUMN_WIDTHS); long names end in "…" and show whole on hover.
 */
export function CaseTable(props: CaseTableProps) {
  const { t } = useTranslation('cases');
  const { iUserId } = useSession();
  const sortable = (column: SortColumn) =>
    sortableColumn<PatientListItem, SortColumn>(props.sort, column, props.onSort);
  const columns: TableColumnsType<PatientListItem> = [
    {
      key: 'number',
      title: t('fields.strDiagnosistNum'),
      dataIndex: 'strDiagnosistNum',
      fixed: 'left',
      width: WIDTHS.number,
      ...sortable('num'),
      render: (num: string, row) => (
        <Flex gap={4} align="center">
          <Typography.Text strong ellipsis={{ tooltip: num }}>
            {num}
          </Typography.Text>
          {row.bCollected && (
            <StarFilled
              style={{ color: '#faad14', flex: 'none' }}
              aria-label={t('list.collected')}
            />
          )}
        </Flex>
      ),
    },
    {
      key: 'name',
      title: t(props.vet ? 'list.pet' : 'list.patient'),
      width: WIDTHS.patient,
      render: (_, row) => {
        const facts = patientFacts([
          row.strSpecies,
          row.ddSex && t(`sex.${row.ddSex.iNumber}`),
          row.strAge,
        ]);
        return (
          <Flex vertical>
            <Typography.Text ellipsis={{ tooltip: row.strPatientName }}>
              {row.strPatientName}
            </Typography.Text>
            {facts && (
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                ellipsis={{ tooltip: facts }}
              >
                {facts}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'classification',
      title: t('fields.ddClassification'),
      width: WIDTHS.classification,
      // "Peritoneum and retroperitoneum": one line, the whole name on hover.
      ellipsis: true,
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
      width: WIDTHS.type,
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
      width: WIDTHS.state,
      render: (_, row) => <CaseStateTag state={row.ddPatientState.iNumber} />,
    },
    {
      key: 'owner',
      title: t('fields.owner'),
      width: WIDTHS.owner,
      ellipsis: true,
      render: (_, row) => row.owner.strRealName,
    },
    {
      key: 'created',
      title: t('fields.createTime'),
      dataIndex: 'dtCreateTime',
      width: WIDTHS.created,
      ...sortable('created'),
      render: (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      width: WIDTHS.actions,
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
      texts={{
        total: (total) =>
          t(props.totalCapped ? 'list.totalCapped' : 'list.total', { total, count: total }),
        empty: t('list.empty'),
        loadError: t('list.loadError'),
      }}
    />
  );
}
