import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CaseVariant, type PatientListItem, type PatientListName } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { useLastData, usePagedRows, usePaging } from '@/app/routes/list-state';
import { toastSuccess } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import {
  useCasePage,
  useCloneCase,
  useCollectCase,
  useDeleteCase,
  useUncollectCase,
} from '../api/cases';
import { useCaseVariant } from '../api/case-variant';
import { listCreatesCases, type CaseRowAction } from '../utils/case-actions';
import {
  caseFiltersToQuery,
  listHasStateFilter,
  type CaseFilterQuery,
} from '../utils/case-filters';
import { nextSort } from '@/lib/table-sort';
import { DEFAULT_CASE_SORT, type CaseSort } from '../utils/case-sort';
import { CaseFilters } from './case-filters';
import { CaseTable } from './case-table';
import { SubmitCaseDialog } from '@/features/receives/components/submit-case-dialog';
import { WithdrawModal } from './withdraw-modal';

export const CASE_FORM_PATH = '/setnew/newlybuild';
export const CASE_DETAIL_PATH = '/case/report-info';

/**
 * One screen for every case list of the doctor (new, waiting, completed, returned, withdrawn,
 * saved): the server picks the cases from `list`, the filters narrow them, the headers sort, the
 * page size follows the screen, and each row offers what the state machine allows.
 */
export function CaseList({ list }: { list: PatientListName }) {
  const { t } = useTranslation('cases');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const confirm = useConfirmAction();
  const vet = useCaseVariant() === CaseVariant.Veterinary;
  const [filters, setFilters] = useState<CaseFilterQuery>({});
  const [sort, setSort] = useState<CaseSort>(DEFAULT_CASE_SORT);
  const paging = usePaging();
  const query = useCasePage({ strList: list, ...filters, strSort: sort, ...paging.page });
  const rows = usePagedRows(query, paging);
  const shown = useLastData(query.data);
  const [withdrawing, setWithdrawing] = useState<PatientListItem | null>(null);
  const [submitting, setSubmitting] = useState<PatientListItem | null>(null);
  const remove = useDeleteCase();
  const clone = useCloneCase();
  const collect = useCollectCase();
  const uncollect = useUncollectCase();
  const busy =
    (collect.isPending && { action: 'collect' as const, iPatientId: collect.variables }) ||
    (uncollect.isPending && { action: 'uncollect' as const, iPatientId: uncollect.variables }) ||
    null;

  function handleAction(action: CaseRowAction, row: PatientListItem) {
    const num = row.strDiagnosistNum;
    const id = row.iPatientId;
    switch (action) {
      case 'detail':
        void navigate(`${CASE_DETAIL_PATH}?iPatientId=${id}`);
        return;
      case 'edit':
        void navigate(`${CASE_FORM_PATH}?iPatientId=${id}`);
        return;
      case 'withdraw':
        setWithdrawing(row);
        return;
      case 'submit':
        setSubmitting(row);
        return;
      case 'collect':
        collect.mutate(id, { onSuccess: () => toastSuccess(t('collect.done')) });
        return;
      case 'uncollect':
        uncollect.mutate(id, { onSuccess: () => toastSuccess(t('collect.cancelled')) });
        return;
      case 'delete':
        confirm({
          title: t('delete.title', { num }),
          content: t('delete.content'),
          okText: t('actions.delete'),
          cancelText: t('actions.cancel'),
          okTestId: 'case-delete-confirm',
          action: () => remove.mutateAsync(id),
          done: t('delete.done'),
        });
        return;
      case 'clone':
        // The toast names the new case's number, known only from the answer.
        modal.confirm({
          title: t('clone.title', { num }),
          content: t('clone.content'),
          okText: t('clone.ok'),
          cancelText: t('actions.cancel'),
          okButtonProps: { ...{ 'data-testid': 'case-clone-confirm' } },
          onOk: () =>
            clone.mutateAsync(id).then(
              (copy) => toastSuccess(t('clone.done', { num: copy.strDiagnosistNum })),
              () => undefined, // the API client showed why
            ),
        });
    }
  }

  return (
    <ListPage
      filters={
        <CaseFilters
          withState={listHasStateFilter(list)}
          vet={vet}
          onSearch={(values) => {
            setFilters(caseFiltersToQuery(values, list));
            paging.toFirstPage();
          }}
        />
      }
      add={{
        label: t('actions.add'),
        testId: 'case-add',
        onClick: () => void navigate(CASE_FORM_PATH),
        allowed: listCreatesCases(list),
      }}
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'case-error' }}
      dialogs={
        <>
          <WithdrawModal target={withdrawing} onClose={() => setWithdrawing(null)} />
          <SubmitCaseDialog target={submitting} onClose={() => setSubmitting(null)} />
        </>
      }
    >
      <CaseTable
        {...rows}
        vet={vet}
        totalCapped={shown?.bTotalCapped ?? false}
        sort={sort}
        onSort={(column) => {
          setSort((current) => nextSort(current, column, DEFAULT_CASE_SORT));
          paging.toFirstPage();
        }}
        onAction={handleAction}
        busy={busy}
      />
    </ListPage>
  );
}
