import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space } from 'antd';
import type { ReactNode } from 'react';
import { ListError } from './list-error';

interface ListPageProps {
  /** Card title, where the screen shows more than the list. */
  title?: ReactNode;
  /** A line above the filters saying what the screen is for or why it is read-only. */
  notice?: ReactNode;
  filters?: ReactNode;
  /**
   * The add button, right of the filters. `allowed: false` leaves it out for callers who only
   * read, the filters keeping their place.
   */
  add?: { label: string; testId: string; onClick: () => void; allowed?: boolean };
  /** The list's query: a failed load is shown above the table, with a retry. */
  query: { isError: boolean; refetch: () => Promise<unknown> };
  loadError: { title: string; testId: string };
  /** The table. */
  children: ReactNode;
  /** The screen's dialogs, outside the list's column. */
  dialogs?: ReactNode;
}

/**
 * The frame every administration list screen shares: a card with, one under the other, a notice,
 * the filters and the add button, the load error and the table. Built once so that the screens
 * look alike and each page only says what is its own.
 */
export function ListPage(props: ListPageProps) {
  const { add, query } = props;
  return (
    <Card title={props.title}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {props.notice}
        {add ? (
          <Flex justify="space-between" align="start" gap="middle" wrap>
            {props.filters}
            {add.allowed !== false && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid={add.testId}
                onClick={add.onClick}
              >
                {add.label}
              </Button>
            )}
          </Flex>
        ) : (
          props.filters
        )}
        {query.isError && (
          <ListError
            title={props.loadError.title}
            testId={props.loadError.testId}
            onRetry={() => void query.refetch()}
          />
        )}
        {props.children}
      </Space>
      {props.dialogs}
    </Card>
  );
}
