import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditLogs, type AuditLogParams } from '@/features/audit/api/get-audit-logs';
import {
  AuditLogFilters,
  type AuditLogFilterValues,
} from '@/features/audit/components/audit-log-filters';
import { AuditLogTable } from '@/features/audit/components/audit-log-table';
import { rangeToQuery } from '@/features/audit/utils/date-range';
import { screenPageSize } from '@/lib/page-size';

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
  const { t } = useTranslation(['audit', 'common']);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ iCurPage: 1, iPageSize: screenPageSize() });
  const query = useAuditLogs({ ...filters, ...page });
  // Keep the last rows on screen while the next page loads, so the table does not flash empty.
  const [lastData, setLastData] = useState(query.data);
  if (query.data && query.data !== lastData) {
    setLastData(query.data);
  }
  const shown = query.data ?? lastData;

  return (
    <Card>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <AuditLogFilters
          onSearch={(values) => {
            setFilters(toFilters(values));
            setPage((p) => ({ ...p, iCurPage: 1 }));
          }}
        />
        {query.isError && (
          <Alert
            type="error"
            showIcon
            data-testid="audit-error"
            title={t('loadError')}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('action.retry', { ns: 'common' })}
              </Button>
            }
          />
        )}
        <AuditLogTable
          rows={shown?.listPage ?? []}
          total={shown?.iTotalCount ?? 0}
          totalCapped={shown?.bTotalCapped ?? false}
          page={page.iCurPage}
          pageSize={page.iPageSize}
          loading={query.isFetching}
          onPageChange={(iCurPage, iPageSize) =>
            setPage((p) => ({ iCurPage: iPageSize === p.iPageSize ? iCurPage : 1, iPageSize }))
          }
        />
      </Space>
    </Card>
  );
}
