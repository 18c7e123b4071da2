import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '@/lib/server-text';
import type { HospitalDto } from '@pathconsult/shared';
import { useGroupOptions } from '@/features/hospital-groups/api/hospital-groups';
import {
  useCalibrateMemory,
  useDeleteHospital,
  useHospitalPage,
} from '@/features/hospitals/api/hospitals';
import {
  HospitalFilters,
  type HospitalFilterValues,
} from '@/features/hospitals/components/hospital-filters';
import { HospitalFormModal } from '@/features/hospitals/components/hospital-form-modal';
import { HospitalTable } from '@/features/hospitals/components/hospital-table';
import { formatGb } from '@/features/hospitals/utils/storage';
import { formatBytes } from '@/features/slides/utils/format-bytes';
import type { ApiError } from '@/lib/api-error';
import { toastError, toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/**
 * /manage/HospitalManagement: the institutions. Platform administrators see and manage all of
 * them; a hospital administrator sees its own and edits its contact, address, SMS and login
 * addresses (the server answers only that hospital).
 */
export default function HospitalsPage() {
  const { t } = useTranslation('hospitals');
  const { modal } = App.useApp();
  const confirm = useConfirmAction();
  const { iRoleType } = useSession();
  const isPlatformAdmin = iRoleType === 1;
  const [filters, setFilters] = useState<HospitalFilterValues>({});
  const paging = usePaging();
  const query = useHospitalPage({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  // Only platform administrators change groups; a hospital administrator reads its group's name.
  const groups = useGroupOptions(isPlatformAdmin);
  const [form, setForm] = useState<{ open: boolean; editing: HospitalDto | null }>({
    open: false,
    editing: null,
  });
  const calibrate = useCalibrateMemory();
  const remove = useDeleteHospital();

  function handleCalibrate(row: HospitalDto) {
    calibrate.mutate(row.iHospitalId, {
      onSuccess: (updated) =>
        toastSuccess(
          t('list.calibrated', {
            name: updated.strHospitalName,
            used: formatBytes(updated.lUsedBytes),
            total: formatGb(updated.dTotalMemory),
          }),
        ),
    });
  }

  function handleDelete(row: HospitalDto) {
    confirm({
      title: t('delete.title', { name: row.strHospitalName }),
      content: t('delete.content'),
      okText: t('actions.delete'),
      okTestId: 'hospital-delete-confirm',
      action: () => remove.mutateAsync(row.iHospitalId),
      done: t('delete.done'),
      onError: (error: ApiError) => {
        if (error.strErrorCode === 'HOSPITAL_IN_USE') {
          // The reason matters here: the administrator must move or delete its users first.
          modal.warning({
            title: t('delete.inUseTitle', { name: row.strHospitalName }),
            content: serverText('HOSPITAL_IN_USE'),
            okButtonProps: { ...{ 'data-testid': 'hospital-in-use-ok' } },
          });
        } else if (!error.shown) {
          toastError(error.strMessage || t('delete.failed'));
        }
      },
    });
  }

  return (
    <ListPage
      filters={
        <HospitalFilters
          groups={isPlatformAdmin ? groups.options : null}
          groupsLoading={groups.loading}
          onSearch={(values) => {
            setFilters({
              strHospitalName: values.strHospitalName?.trim() || undefined,
              iGroupId: values.iGroupId,
              ddIsDiagnosis: values.ddIsDiagnosis,
            });
            paging.toFirstPage();
          }}
        />
      }
      add={{
        label: t('actions.add'),
        testId: 'hospital-add',
        onClick: () => setForm({ open: true, editing: null }),
        allowed: isPlatformAdmin,
      }}
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'hospital-error' }}
      dialogs={
        <HospitalFormModal
          open={form.open}
          editing={form.editing}
          role={iRoleType}
          groups={groups.options}
          groupsLoading={groups.loading}
          onClose={() => setForm((f) => ({ ...f, open: false }))}
        />
      }
    >
      <HospitalTable
        {...rows}
        mayDelete={isPlatformAdmin}
        calibratingId={calibrate.isPending ? (calibrate.variables ?? null) : null}
        onEdit={(row) => setForm({ open: true, editing: row })}
        onCalibrate={handleCalibrate}
        onDelete={handleDelete}
      />
    </ListPage>
  );
}
