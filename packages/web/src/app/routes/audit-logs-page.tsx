import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditLogs, type AuditLogParams } from '@/features/audit/api/get-audit-logs';
import {
  AuditLogFilters,
  type AuditLogFilterValues,
} from '@/features/audit/components/audit-log-filters';
import { AuditLogTable } from '@/features/audit/components/audit-log-table';
import { rangeToQuery } from '@/features/audit/utils/date-range';
import { ListPage } from './list-page';
import { useLastData, usePaging } from './list-state';

type Filters = Omit<AuditLogParams, 'iCurPage' | 'iPageSize'>;

function toFilters(values: AuditLogFilterValues): Filters {
  return {
    strUserName: values.strUserName?.trim() || undefined,
    strAction: values.strAction?.trim() || undefined,
    strOutcome: values.strOutcome,
    ...rangeToQuery(values.range),
  };
}

/** /auditLogs (administrators): who did what, when, from where, with what outcome. */
export default function AuditLogsPage() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const query = useAuditLogs({ ...filters, ...paging.page });
  const shown = useLastData(query.data);

  return (
    <ListPage
      filters={
        <AuditLogFilters
          onSearch={(values) => {
            setFilters(toFilters(values));
            paging.toFirstPage();
          }}
        />
      }
      query={query}
      loadError={{ title: t('loadError'), testId: 'audit-error' }}
    >
      <AuditLogTable
        rows={shown?.listPage ?? []}
        total={shown?.iTotalCount ?? 0}
        totalCapped={shown?.bTotalCapped ?? false}
        page={paging.page.iCurPage}
        pageSize={paging.page.iPageSize}
        loading={query.isFetching}
        onPageChange={paging.onPageChange}
      />
    </ListPage>
  );
}
