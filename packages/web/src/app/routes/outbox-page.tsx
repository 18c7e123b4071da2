import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { useOutboxPage } from '@/features/notifier/api/outbox';
import { OutboxTable } from '@/features/notifier/components/outbox-table';
import { ListPage } from './list-page';
import { usePagedRows, usePaging } from './list-state';

/** /admin/outbox (platform administrators): the text messages the platform stored or sent. */
export default function OutboxPage() {
  const { t } = useTranslation('forgotPassword');
  const [recipient, setRecipient] = useState<string | undefined>();
  const paging = usePaging();
  const query = useOutboxPage({ strRecipient: recipient, ...paging.page });
  const rows = usePagedRows(query, paging);

  return (
    <ListPage
      notice={<Alert type="info" showIcon title={t('outbox.intro')} />}
      filters={
        <FilterBar<{ strRecipient?: string }>
          name="outboxFilters"
          onSearch={(values) => {
            setRecipient(values.strRecipient?.trim() || undefined);
            paging.toFirstPage();
          }}
          search={{ label: t('outbox.search'), testId: 'outbox-search' }}
        >
          <Form.Item name="strRecipient" label={t('outbox.recipient')}>
            <Input allowClear maxLength={11} inputMode="numeric" />
          </Form.Item>
        </FilterBar>
      }
      query={query}
      loadError={{ title: t('outbox.loadError'), testId: 'outbox-error' }}
    >
      <OutboxTable {...rows} />
    </ListPage>
  );
}
