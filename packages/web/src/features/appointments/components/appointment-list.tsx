import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleType, type AppointmentAction, type AppointmentItem } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { usePagedRows, usePaging } from '@/app/routes/list-state';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { showFailure } from '@/lib/form-errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { useAppointmentPage, useChangeAppointmentState } from '../api/appointments';
import { halfDayText, rowActions } from '../utils/appointment-view';
import { useAppointmentColumns } from './appointment-columns';
import { AppointmentFilterBar, type AppointmentFilters } from './appointment-filters';
import { BookDialog } from './book-dialog';
import { DeclineModal } from './decline-modal';

const ICONS: Record<AppointmentAction, React.ReactNode> = {
  accept: <CheckOutlined />,
  decline: <CloseOutlined />,
  cancel: <StopOutlined />,
};

/**
 * /subscribeList: the doctor's bookings (with "Book an expert") or the bookings of the expert,
 * coming half-days first. Row actions follow the transition table: the expert accepts or declines
 * (with a reason), the doctor cancels (after confirming). Rows are
 * `appointment-row-<pathology number>-<date>-<period>`.
 */
export function AppointmentList() {
  const { t } = useTranslation('appointments');
  const { iRoleType } = useSession();
  const side = iRoleType === RoleType.Expert ? 'expert' : 'doctor';
  const paging = usePaging();
  const [filters, setFilters] = useState<AppointmentFilters>({});
  const query = useAppointmentPage({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const [booking, setBooking] = useState(false);
  const [declining, setDeclining] = useState<AppointmentItem | null>(null);
  const change = useChangeAppointmentState();
  const confirm = useConfirmAction();
  const failed = (error: { shown: boolean; strMessage: string }) =>
    showFailure(error, toastError, t('failed'));

  const run = (action: AppointmentAction, row: AppointmentItem) => {
    const iAppointmentId = row.iAppointmentId;
    switch (action) {
      case 'accept':
        change.mutate(
          { iAppointmentId, ddAction: 'accept' },
          { onSuccess: () => toastSuccess(t('accepted')), onError: failed },
        );
        return;
      case 'decline':
        setDeclining(row);
        return;
      case 'cancel':
        confirm({
          title: t('cancelConfirm.title'),
          content: t('cancelConfirm.content', {
            num: row.patient.strDiagnosistNum,
            time: halfDayText(row, t),
          }),
          okText: t('cancelConfirm.ok'),
          cancelText: t('cancelConfirm.keep'),
          okTestId: 'appointment-cancel-ok',
          action: () => change.mutateAsync({ iAppointmentId, ddAction: 'cancel' }),
          done: t('cancelled'),
          onError: failed,
        });
    }
  };

  const columns: TableColumnsType<AppointmentItem> = [
    ...useAppointmentColumns(side),
    {
      key: 'actions',
      title: t('col.actions'),
      fixed: 'right',
      width: 170,
      render: (_, row) => (
        <RowActions
          actions={rowActions(row, side).map((action) => ({
            key: action,
            label: t(`action.${action}`),
            icon: ICONS[action],
            danger: action !== 'accept',
            loading: action === 'accept' && change.isPending,
            testId: `appointment-${action}-${row.iAppointmentId}`,
            onClick: () => run(action, row),
          }))}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('title')}
      notice={t(`notice.${side}`)}
      filters={
        <AppointmentFilterBar
          onSearch={(next) => {
            setFilters(next);
            paging.toFirstPage();
          }}
        />
      }
      add={{
        label: t('book'),
        testId: 'appointment-book',
        onClick: () => setBooking(true),
        allowed: side === 'doctor',
      }}
      query={query}
      loadError={{ title: t('loadError'), testId: 'appointment-list-error' }}
      dialogs={
        <>
          {side === 'doctor' && <BookDialog open={booking} onClose={() => setBooking(false)} />}
          <DeclineModal target={declining} onClose={() => setDeclining(null)} />
        </>
      }
    >
      <PagedTable<AppointmentItem>
        {...rows}
        testId="appointment-table"
        rowKey="iAppointmentId"
        rowTestId={(row) =>
          `appointment-row-${row.patient.strDiagnosistNum}-${row.dtDate}-${row.iPeriod}`
        }
        columns={columns}
        scrollX={side === 'expert' ? 1500 : 1400}
        texts={{
          total: (total) => t('total', { total, count: total }),
          empty: t('empty'),
          loadError: t('loadError'),
        }}
      />
    </ListPage>
  );
}
