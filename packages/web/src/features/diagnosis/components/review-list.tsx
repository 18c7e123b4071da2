import { Form, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewState, type ReviewListItem, type ReviewListQuery } from '@pathconsult/shared';
import { ListPage } from '@/app/routes/list-page';
import { usePagedRows, usePaging } from '@/app/routes/list-state';
import { FilterBar } from '@/components/filter-bar';
import { PagedTable } from '@/components/paged-table';
import { rangeToQuery } from '@/features/audit/utils/date-range';
import type { ApiError } from '@/lib/api-error';
import { toastError, toastSuccess } from '@/lib/toast';
import { useReviewList, useReviewReport } from '../api/diagnosis';
import { REVIEW_FILTERS, reviewFilterQuery, type ReviewFilter } from '../utils/review-state';
import { ReportFilterFields } from './report-list-parts';
import { ReportPdfModal } from './report-pdf-modal';
import { useReviewColumns } from './review-columns';
import { ReviewRejectModal } from './review-reject-modal';

interface FilterValues {
  state: ReviewFilter;
  strPatientName?: string;
  strDiagnosistNum?: string;
  range?: [Dayjs, Dayjs] | null;
}
type Filters = Omit<ReviewListQuery, 'iCurPage' | 'iPageSize'>;

const INITIAL: FilterValues = { state: ReviewState.Pending };

function toFilters(v: FilterValues): Filters {
  return {
    ...reviewFilterQuery(v.state),
    strPatientName: v.strPatientName?.trim() || undefined,
    strDiagnosistNum: v.strDiagnosistNum?.trim() || undefined,
    ...rangeToQuery(v.range),
  };
}

/**
 * /reportReview (spec §4 "Review"): the signed versions of the experts whose hospital reviews
 * reports before release, pending first. The reviewer previews the PDF, passes a version (it goes
 * to the doctor) or rejects it with a reason (the expert writes it again). Filters by review state
 * (`review-state-filter`, applied at once), name, pathology number and signing days. Rows are
 * `review-row-<pathology number>`.
 */
export function ReviewList() {
  const { t } = useTranslation('diagnosis');
  const { t: tc } = useTranslation('cases');
  const paging = usePaging();
  const [filters, setFilters] = useState<Filters>(() => toFilters(INITIAL));
  const query = useReviewList({ ...filters, ...paging.page });
  const rows = usePagedRows(query, paging);
  const review = useReviewReport();
  const [previewing, setPreviewing] = useState<ReviewListItem | null>(null);
  const [rejecting, setRejecting] = useState<ReviewListItem | null>(null);

  const search = (values: FilterValues) => {
    setFilters(toFilters(values));
    paging.toFirstPage();
  };

  const pass = (row: ReviewListItem) =>
    review
      .mutateAsync({ iReportId: row.iReportId, ddReviewState: { iNumber: ReviewState.Passed } })
      .then(
        () => toastSuccess(t('review.passed', { num: row.strDiagnosistNum })),
        (error: ApiError) => {
          if (!error.shown) {
            toastError(error.strMessage || t('form.failed'));
          }
        },
      );

  const columns = useReviewColumns({
    onPreview: setPreviewing,
    onPass: pass,
    onReject: setRejecting,
  });

  return (
    <ListPage
      filters={
        <FilterBar<FilterValues>
          name="reviewFilters"
          initialValues={INITIAL}
          onSearch={search}
          // The state applies at once; the other fields on search.
          onValuesChange={(changed, all, searchNow) => {
            if ('state' in changed) {
              searchNow(all);
            }
          }}
          search={{ label: tc('filters.search'), testId: 'review-search' }}
          reset={{ label: t('list.reset'), testId: 'review-reset', values: INITIAL }}
        >
          <Form.Item name="state" label={t('review.col.state')}>
            <Segmented<ReviewFilter>
              data-testid="review-state-filter"
              aria-label={t('review.col.state')}
              options={REVIEW_FILTERS.map((value) => ({
                value,
                label: (
                  <span data-testid={`review-state-${value}`}>
                    {t(value === 'all' ? 'review.all' : `review.state.${value}`)}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <ReportFilterFields />
        </FilterBar>
      }
      query={query}
      loadError={{ title: t('review.loadError'), testId: 'review-list-error' }}
      dialogs={
        <>
          <ReportPdfModal
            report={previewing}
            onClose={() => setPreviewing(null)}
            printable={false}
          />
          <ReviewRejectModal target={rejecting} onClose={() => setRejecting(null)} />
        </>
      }
    >
      <PagedTable<ReviewListItem>
        {...rows}
        testId="review-table"
        rowKey="iReportId"
        rowTestId={(row) => `review-row-${row.strDiagnosistNum}`}
        columns={columns}
        scrollX={1600}
        texts={{
          total: (total) => t('list.total', { count: total }),
          empty: t(filters.ddReviewState === ReviewState.Pending ? 'review.empty' : 'list.empty'),
          loadError: t('review.loadError'),
        }}
      />
    </ListPage>
  );
}
