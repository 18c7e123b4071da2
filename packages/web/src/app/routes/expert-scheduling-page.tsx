import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkingTimeRow } from '@pathconsult/shared';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { hospitalOptions } from '@/features/hospitals/utils/hospital-options';
import { useWorkingTimePage } from '@/features/working-time/api/working-time';
import { ExpertScheduleTable } from '@/features/working-time/components/expert-schedule-table';
import { ScheduleDialog } from '@/features/working-time/components/schedule-dialog';
import {
  ScheduleFilters,
  type ScheduleFilterValues,
} from '@/features/working-time/components/schedule-filters';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/**
 * /manage/ExpertScheduling: the experts of the hospitals the administrator manages users of,
 * with their weeks; each week is edited in the grid dialog.
 */
export default function ExpertSchedulingPage() {
  const { t } = useTranslation('workingTime');
  const [filters, setFilters] = useState<ScheduleFilterValues>({});
  const paging = usePaging();
  const query = useWorkingTimePage({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const hospitals = useAllHospitals();
  const [editing, setEditing] = useState<{ open: boolean; row: WorkingTimeRow | null }>({
    open: false,
    row: null,
  });

  return (
    <ListPage
      filters={
        <ScheduleFilters
          hospitals={hospitalOptions(hospitals.data)}
          hospitalsLoading={hospitals.isLoading}
          onSearch={(values) => {
            setFilters({
              strRealName: values.strRealName?.trim() || undefined,
              iHospitalId: values.iHospitalId,
            });
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'schedule-error' }}
      dialogs={
        <ScheduleDialog
          open={editing.open}
          expert={editing.row}
          slots={editing.row?.listSlot}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      }
    >
      <ExpertScheduleTable {...rows} onEdit={(row) => setEditing({ open: true, row })} />
    </ListPage>
  );
}
