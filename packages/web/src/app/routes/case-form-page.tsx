import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CaseFormScreen } from '@/features/cases/components/case-form-screen';
import { toastSuccess } from '@/lib/toast';

const NEW_CASES_PATH = '/setnew';
/** Leaving the form saved or cancelled closes its tab: a "New case" tab left open is stale. */
const DONE_WITH_FORM = { state: { closeTab: '/setnew/newlybuild' } };

/** A positive integer id from the query, or null (a new case). */
function idOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /setnew/newlybuild: a new case, or `?iPatientId=` to edit one. Saving goes back to the new
 * cases with a toast (a returned or withdrawn case is back there too once saved).
 */
export default function CaseFormPage() {
  const { t } = useTranslation('cases');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('iPatientId');
  const iPatientId = idOf(raw);
  return (
    <CaseFormScreen
      // A new search (another case, or a new one) starts a fresh form.
      key={raw ?? 'new'}
      iPatientId={iPatientId}
      onBack={() => void navigate(NEW_CASES_PATH, DONE_WITH_FORM)}
      onSaved={(saved, backToNew) => {
        const edited = iPatientId !== null;
        toastSuccess(
          t(edited ? (backToNew ? 'form.updatedBackToNew' : 'form.updated') : 'form.added'),
        );
        // Slides uploaded by pathology number before the case had it joined it on the server.
        if (saved.iSlidesJoined > 0) {
          toastSuccess(t('form.slidesJoined', { count: saved.iSlidesJoined }));
        }
        void navigate(NEW_CASES_PATH, DONE_WITH_FORM);
      }}
    />
  );
}
