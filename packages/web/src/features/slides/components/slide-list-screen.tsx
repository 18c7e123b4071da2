import { Alert, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RoleType, UploadType, type SlideDocumentDto, type SlideSort } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { SHOW_SLIDE_PATH } from '@/config/paths';
import { useLastData, usePagedRows, usePaging } from '@/app/routes/list-state';
import { usePreloadScreen } from '@/app/use-preload-screen';
import { useAllHospitals } from '@/features/hospitals/api/hospitals';
import { useMyPrivilegeList } from '@/features/privileges/api/privileges';
import { granterHoldsOf } from '@/features/privileges/utils/granter';
import { maxScope } from '@/features/privileges/utils/grants';
import { nextSort } from '@/lib/table-sort';
import { toastError, toastSuccess, toastWarning } from '@/lib/toast';
import { useConfirmAction } from '@/lib/use-confirm-action';
import { useSession } from '@/lib/use-session';
import { useStillMounted } from '@/lib/use-still-mounted';
import { invalidateSlideLists, useDeleteSlides, useMatchSlides, useSlidePage } from '../api/slides';
import { useUploadForNumber } from '../api/upload-for-number';
import {
  bulkDeleteUploadNotes,
  singleDeleteNote,
  type SlideListMode,
  type SlideRowAction,
} from '../utils/slide-actions';
import {
  hasActiveFilters,
  slideFiltersToQuery,
  type SlideFilterQuery,
} from '../utils/slide-filters';
import { matchOutcomeText } from '../utils/match-outcome';
import { refreshedSelection } from '../utils/slide-selection';
import { isViewable } from '../utils/slide-facts';
import { RenameModal } from './rename-modal';
import { SelectedSlidesList } from './selected-slides-list';
import { SelectionBar } from './selection-bar';
import { SlideFilters } from './slide-filters';
import { SlideSummary } from './slide-summary';
import { RemovedSummary } from './removed-summary';
import { SlideTable } from './slide-table';
import { UploadByNumberModal } from './upload-by-number-modal';

/** The lists open latest first: newest upload, or latest removal (the server's default too). */
const DEFAULT_SLIDE_SORT: SlideSort = 'timeDesc';

/**
 * One screen for the three slide lists: the doctor's slide management, the administrators' stored
 * slides and their removed slides. The server decides which slides each caller sees; the screen
 * offers what the caller may do with them (utils/slide-actions.ts): view, match by pathology
 * number, rename, delete one or a selection of up to 100.
 */
export function SlideListScreen({ mode }: { mode: SlideListMode }) {
  const { t } = useTranslation('slides');
  const { t: tu } = useTranslation('upload');
  const navigate = useNavigate();
  const confirm = useConfirmAction();
  const { iRoleType, iUserId } = useSession();
  const ownPrivileges = useMyPrivilegeList();
  // Platform administrators, and hospital administrators whose "clear slide" covers all
  // hospitals, see several hospitals' slides: they get the hospital filter and the hospital on
  // each row. Anybody else sees one hospital, and its name on every row would say nothing.
  const everyHospital =
    mode !== 'doctor' &&
    (iRoleType === RoleType.PlatformAdmin ||
      maxScope(granterHoldsOf(ownPrivileges.data), 'clearSlide') === 2);
  const hospitals = useAllHospitals(everyHospital);
  const [filters, setFilters] = useState<SlideFilterQuery>({});
  const [sort, setSort] = useState<SlideSort>(DEFAULT_SLIDE_SORT);
  // A new key mounts the filter bar afresh: "Reset filters" under an empty list clears its fields.
  const [filterBarKey, setFilterBarKey] = useState(0);
  const paging = usePaging();
  const queryClient = useQueryClient();
  const query = useSlidePage({
    iType: mode === 'removed' ? 1 : 0,
    ...filters,
    strSort: sort,
    ...paging.page,
  });
  const rows = usePagedRows(query, paging);
  // The removal log's figures stay while another page or filter loads, as its rows do, and
  // so does whether they were counted within filters: that line follows the figures shown,
  // not a filter whose answer has not come yet.
  const answered = useMemo(
    () => query.data && { page: query.data, filtered: hasActiveFilters(filters) },
    [query.data, filters],
  );
  const shownFigures = useLastData(answered);
  usePreloadScreen(SHOW_SLIDE_PATH, rows.rows.some(isViewable));
  const [ticked, setTicked] = useState<SlideDocumentDto[]>([]);
  const selected = refreshedSelection(ticked, rows.rows);
  const [renaming, setRenaming] = useState<SlideDocumentDto | null>(null);
  const [uploading, setUploading] = useState(false);
  const remove = useDeleteSlides();
  const match = useMatchSlides();
  const uploadForNumber = useUploadForNumber();
  const stillHere = useStillMounted();
  const selectable = mode !== 'removed';

  /** Matches the slides; `only`, a row's own Match, is named with its case when it joins. */
  function runMatch(ids: number[], only?: SlideDocumentDto) {
    match.mutate(ids, {
      onSuccess: (result) => {
        // Those left unmatched stay ticked: the user goes on with them (deletes them, say)
        // without finding them again among the rest.
        const matched = ids.filter((id) => !result.listUnmatched.includes(id));
        setTicked((rows) => rows.filter((r) => !matched.includes(r.iSlideDocumentId)));
        if (only && result.iMatched === 1) {
          // Which case it joined, by the number the row showed: "matched: 1" left the user to
          // find out where the slide went.
          toastSuccess(t('match.doneOne', { name: only.strFileName, num: only.strDiagnosistNum }));
          return;
        }
        // Some left: said as a warning, with why, so nobody takes the slides for matched.
        (result.listUnmatched.length === 0 ? toastSuccess : toastWarning)(
          matchOutcomeText(t, result),
        );
      },
    });
  }

  function search(next: SlideFilterQuery) {
    // The same filters again: the list is read again (a slide matched or uploaded meanwhile,
    // say), not left as it was because nothing changed in the query.
    if (JSON.stringify(next) === JSON.stringify(filters)) {
      // Every page of the list (the first, where the search goes, may be cached from before).
      void invalidateSlideLists(queryClient);
    }
    setFilters(next);
    setTicked([]);
    paging.toFirstPage();
  }

  function resetFilters() {
    setFilterBarKey((key) => key + 1);
    search({});
  }

  function confirmDelete(targets: SlideDocumentDto[]) {
    const [only] = targets;
    const ids = targets.map((r) => r.iSlideDocumentId);
    const one = targets.length === 1 && only;
    // Someone's upload under way stops with its slide: said, and whose.
    const uploadsStopped = bulkDeleteUploadNotes(targets, iUserId);
    confirm({
      title: one
        ? t('delete.titleOne', { name: only.strFileName })
        : t('delete.titleMany', { count: targets.length }),
      // A matched slide leaves its case: say which one. Several: name them all, since ticks on
      // other pages are out of sight.
      content: one ? (
        t(`delete.${singleDeleteNote(only, iUserId)}`, {
          num: only.strDiagnosistNum,
          name: only.strPatientName ?? '',
          user: only.strUploadUserName,
        })
      ) : (
        <>
          <SelectedSlidesList slides={targets} />
          {t('delete.content')}
          {uploadsStopped.length > 0 && (
            <Typography.Paragraph
              type="warning"
              style={{ margin: '8px 0 0' }}
              data-testid="slide-delete-uploading"
            >
              {uploadsStopped.map((note) => (
                <div key={note.key}>
                  {note.key === 'contentManyOthersUpload'
                    ? t(`delete.${note.key}`, {
                        count: note.count,
                        users: note.users.join(t('delete.usersSeparator')),
                      })
                    : t(`delete.${note.key}`, { count: note.count })}
                </div>
              ))}
            </Typography.Paragraph>
          )}
        </>
      ),
      okText: t('delete.ok'),
      cancelText: t('delete.cancel'),
      okTestId: 'slide-delete-confirm',
      action: () =>
        remove
          .mutateAsync(ids)
          .then(() => setTicked((rows) => rows.filter((r) => !ids.includes(r.iSlideDocumentId)))),
      done: t('delete.done', { count: targets.length }),
      // A selection is deleted whole or not at all: one deleted meanwhile (another administrator,
      // its uploader) refuses it as missing, which the API client shows nothing of. Said, and the
      // ticks go: those still there are chosen again from the list as it is now.
      onError: (error) => {
        if (error.httpStatus === 404) {
          setTicked((rows) => rows.filter((r) => !ids.includes(r.iSlideDocumentId)));
          toastWarning(t(targets.length === 1 ? 'delete.goneOne' : 'delete.goneSome'));
        }
      },
    });
  }

  function handleAction(action: SlideRowAction, row: SlideDocumentDto) {
    switch (action) {
      case 'view':
        void navigate(`${SHOW_SLIDE_PATH}?id=${row.iSlideDocumentId}`);
        return;
      case 'rename':
        setRenaming(row);
        return;
      case 'match':
        runMatch([row.iSlideDocumentId], row);
        return;
      case 'delete':
        confirmDelete([row]);
    }
  }

  /**
   * "Continue upload" on the doctor's own interrupted upload: the queue opens where the slide
   * was going (its case, or its number while unmatched), as upload by number opens it.
   */
  async function continueUpload(row: SlideDocumentDto): Promise<boolean> {
    const result = await uploadForNumber(
      row.strDiagnosistNum,
      row.iUploadType === UploadType.Single ? UploadType.Single : UploadType.Batch,
      { stillWanted: stillHere, continuing: { iPatientId: row.iPatientId ?? null } },
    );
    if (!result.opened && result.reason === 'locked') {
      toastError(tu('panel.caseLocked', { num: result.num }));
    } else if (!result.opened && result.reason === 'moved') {
      toastError(tu('imagery.continueMoved', { name: row.strFileName }));
    }
    return result.opened;
  }

  const busy =
    match.isPending && match.variables.length === 1
      ? { action: 'match' as const, id: match.variables[0] ?? 0 }
      : null;

  return (
    <ListPage
      notice={
        <>
          <Alert type="info" showIcon title={t(`notice.${mode}`)} data-testid="slide-notice" />
          {mode === 'removed' ? (
            <RemovedSummary page={shownFigures?.page} filtered={shownFigures?.filtered ?? false} />
          ) : (
            <SlideSummary
              iHospitalId={filters.iHospitalId}
              severalHospitals={everyHospital && filters.iHospitalId === undefined}
            />
          )}
        </>
      }
      filters={
        <SlideFilters
          key={filterBarKey}
          withStates={mode !== 'removed'}
          removedList={mode === 'removed'}
          hospitals={everyHospital ? (hospitals.data ?? []) : null}
          hospitalsLoading={hospitals.isLoading}
          onSearch={(values) => search(slideFiltersToQuery(values))}
        />
      }
      add={{
        label: t('uploadByNumber.button'),
        testId: 'slide-upload-number',
        onClick: () => setUploading(true),
        // Doctors upload; administrators' lists only keep and remove.
        allowed: mode === 'doctor' && iRoleType === RoleType.Doctor,
      }}
      query={query}
      loadError={{ title: t('list.loadError'), testId: 'slide-error' }}
      dialogs={
        <>
          <RenameModal slide={renaming} onClose={() => setRenaming(null)} />
          <UploadByNumberModal open={uploading} onClose={() => setUploading(false)} />
        </>
      }
    >
      {/* One block: the selection bar stays at the top while the table scrolls under it, which
          it can do only over its own block (the page's Space wraps each child alone). */}
      <div>
        {selectable && (
          <SelectionBar
            mode={mode}
            selected={selected}
            matching={match.isPending}
            onMatch={runMatch}
            onDelete={() => confirmDelete(selected)}
            onClear={() => setTicked([])}
          />
        )}
        <SlideTable
          {...rows}
          mode={mode}
          showHospital={everyHospital}
          filtered={hasActiveFilters(filters)}
          onResetFilters={resetFilters}
          busy={busy}
          sort={sort}
          onSort={(column) => {
            setSort((current) => nextSort(current, column, DEFAULT_SLIDE_SORT));
            paging.toFirstPage();
          }}
          onAction={handleAction}
          onContinue={
            mode === 'doctor' && iRoleType === RoleType.Doctor ? continueUpload : undefined
          }
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected.map((r) => r.iSlideDocumentId),
                  // Selections span pages: up to 100 slides go in one request.
                  preserveSelectedRowKeys: true,
                  onChange: (_keys, rows) => setTicked(rows.filter(Boolean)),
                  // Named in the page's language, each by its slide (antd's are English and
                  // numbered: "Select row 1").
                  getTitleCheckboxProps: () => ({ ...{ 'aria-label': t('selection.selectPage') } }),
                  getCheckboxProps: (row) => ({
                    ...{ 'aria-label': t('selection.selectSlide', { name: row.strFileName }) },
                  }),
                }
              : undefined
          }
        />
      </div>
    </ListPage>
  );
}
