import { Flex, Typography } from 'antd';
import { useState } from 'react';
import type { ExpertPickItem, ExpertPickPage, ExpertPickerQuery } from '@pathconsult/shared';
import { PICKER_PAGE_SIZE } from './expert-columns';
import { SingleExpertTable } from './single-expert-table';
import { SearchBox } from '@/components/search-box';

interface SingleExpertPickerProps {
  /** The name and page asked for; the caller keeps it (useExpertPickerQuery) and runs the query. */
  query: ExpertPickerQuery;
  onQuery: (query: ExpertPickerQuery) => void;
  /** The experts on offer for that query (the submission's list, a referral's list...). */
  experts: { data: ExpertPickPage | undefined; isFetching: boolean; isError: boolean };
  chosen: ExpertPickItem | null;
  onChoose: (expert: ExpertPickItem | null) => void;
  texts: {
    search: string;
    chosen: (name: string) => string;
    none: string;
    empty: string;
    loadError: string;
  };
  /** Test ids: `<testId>-search`, `<testId>-chosen`, rows `<testId>-<name>`. */
  testId: string;
  /** Experts already holding the case cannot be chosen (a referral). */
  disableSent?: boolean;
}

/** The picker's first query: every expert, first page. */
export function useExpertPickerQuery() {
  return useState<ExpertPickerQuery>({ iCurPage: 1, iPageSize: PICKER_PAGE_SIZE });
}

/** One expert to choose, searched by name, paged: a referral's or a booking's picker. */
export function SingleExpertPicker(props: SingleExpertPickerProps) {
  const { query, onQuery, experts } = props;
  return (
    <Flex vertical gap="small">
      <SearchBox
        allowClear
        placeholder={props.texts.search}
        style={{ width: 240 }}
        onSearch={(value) =>
          onQuery({ ...query, strRealName: value.trim() || undefined, iCurPage: 1 })
        }
        data-testid={`${props.testId}-search`}
      />
      <Typography.Text data-testid={`${props.testId}-chosen`}>
        {props.chosen ? props.texts.chosen(props.chosen.strRealName) : props.texts.none}
      </Typography.Text>
      <SingleExpertTable
        page={experts.data}
        loading={experts.isFetching}
        current={query.iCurPage}
        onPage={(page) => onQuery({ ...query, iCurPage: page })}
        chosen={props.chosen}
        onChoose={props.onChoose}
        emptyText={experts.isError ? props.texts.loadError : props.texts.empty}
        rowTestId={props.testId}
        disableSent={props.disableSent}
      />
    </Flex>
  );
}
