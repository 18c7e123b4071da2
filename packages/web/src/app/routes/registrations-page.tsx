import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationDto } from '@pathconsult/shared';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { useRegistrationPage } from '@/features/registration/api/registration';
import { ApproveDialog } from '@/features/registration/components/approve-dialog';
import {
  RegistrationFilters,
  type RegistrationFilterValues,
} from '@/features/registration/components/registration-filters';
import { RegistrationTable } from '@/features/registration/components/registration-table';
import { RejectDialog } from '@/features/registration/components/reject-dialog';
import { stateOfFilter } from '@/features/registration/utils/review';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

const INITIAL: RegistrationFilterValues = { state: '3' };

/**
 * /admin/registrations: self-registrations of the hospitals whose users the administrator
 * manages (unlisted units: platform administrators), pending first, approved or refused here.
 */
export default function RegistrationsPage() {
  const { t } = useTranslation('registration');
  const [filters, setFilters] = useState<RegistrationFilterValues>(INITIAL);
  const paging = usePaging();
  const query = useRegistrationPage({
    iUserState: stateOfFilter(filters.state),
    strName: filters.strName?.trim() || undefined,
    ...paging.page,
  });
  const rows = usePagedRows(query, paging);
  // The hospitals the reviewer may place applicants at (its user-management scope).
  const hospitals = useAllHospitals();
  const [approving, setApproving] = useState<RegistrationDto | null>(null);
  const [rejecting, setRejecting] = useState<RegistrationDto | null>(null);

  return (
    <ListPage
      filters={
        <RegistrationFilters
          initial={INITIAL}
          onSearch={(values) => {
            setFilters(values);
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'registration-error' }}
      dialogs={
        <>
          <ApproveDialog
            registration={approving}
            hospitals={hospitals.data ?? []}
            hospitalsLoading={hospitals.isLoading}
            onClose={() => setApproving(null)}
          />
          <RejectDialog registration={rejecting} onClose={() => setRejecting(null)} />
        </>
      }
    >
      <RegistrationTable {...rows} onApprove={setApproving} onReject={setRejecting} />
    </ListPage>
  );
}
