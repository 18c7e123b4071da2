import { Flex, Select, Table, Typography } from 'antd';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpertPickItem, ExpertPickPage } from '@pathconsult/shared';
import { PICKER_PAGE_SIZE, PICKER_SCROLL_Y, useExpertColumns } from './expert-columns';
import { SearchBox } from '@/components/search-box';
import { useSelectClear } from '@/lib/select-clear';

interface PickerFilters {
  strRealName?: string;
  iQueryHospitalId?: number;
  iCurPage: number;
}

/**
 * What an expert picker holds: its filters and page, and the experts ticked so far (id → name),
 * kept across pages. The dialog around it owns it, so that it can send the choice and reset it.
 */
export function useExpertChoice() {
  const [filters, setFilters] = useState<PickerFilters>({ iCurPage: 1 });
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  return {
    chosen,
    setChosen,
    /** The picker's part of the query (name, hospital, paging). */
    query: { ...filters, iPageSize: PICKER_PAGE_SIZE },
    searchName: (name: string) =>
      setFilters((f) => ({ ...f, strRealName: name || undefined, iCurPage: 1 })),
    filterHospital: (id: number | undefined) =>
      setFilters((f) => ({ ...f, iQueryHospitalId: id, iCurPage: 1 })),
    toPage: (iCurPage: number) => setFilters((f) => ({ ...f, iCurPage })),
    reset: () => {
      setFilters({ iCurPage: 1 });
      setChosen(new Map());
    },
  };
}

export type ExpertChoice = ReturnType<typeof useExpertChoice>;

interface ExpertPickerProps {
  choice: ExpertChoice;
  page: ExpertPickPage | undefined;
  loading: boolean;
  /** The hospital filter's choices; no filter when absent or empty. */
  hospitals?: { value: number; label: string }[];
  hospitalPlaceholder?: string;
  /** Focus the name search when the picker appears (it is the first thing to fill in). */
  autoFocus?: boolean;
  /**
   * The dialog's own action, for Enter in the name search when it holds no new name to look for:
   * Enter then sends the dialog, as it does on the list's checkboxes.
   */
  onSubmit?: () => void;
}

/**
 * The several-experts picker of the submission and distribution dialogs (spec §7 "experts for
 * assignment"; the referral picks one and has its own): name search, an optional hospital filter, the chosen names, and a paged table of
 * experts with their hospital, specialty and working time, ticked across pages. Rows are
 * `expert-row-<name>`.
 */
export function ExpertPicker({
  choice,
  page,
  loading,
  hospitals,
  hospitalPlaceholder,
  autoFocus,
  onSubmit,
}: ExpertPickerProps) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('receives');
  const columns = useExpertColumns();
  const { chosen, setChosen } = choice;
  const tick = (rows: readonly ExpertPickItem[], selected: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (selected) {
          next.set(row.iUserId, row.strRealName);
        } else {
          next.delete(row.iUserId);
        }
      }
      return next;
    });
  const handleSearch = (value: string, event?: SyntheticEvent) => {
    const name = value.trim();
    // A click on the search button always searches again; Enter only when the name is new.
    if (onSubmit && event?.type === 'keydown' && name === (choice.query.strRealName ?? '')) {
      onSubmit();
      return;
    }
    choice.searchName(name);
  };
  return (
    <>
      <Flex gap="small" wrap>
        <SearchBox
          allowClear
          autoFocus={autoFocus}
          placeholder={t('searchName')}
          style={{ width: 240 }}
          onSearch={handleSearch}
          buttonLabel={t('searchExperts')}
          data-testid="expert-search"
        />
        {hospitals && hospitals.length > 0 && (
          <Select
            allowClear={selectClear}
            placeholder={hospitalPlaceholder}
            style={{ width: 240 }}
            value={choice.query.iQueryHospitalId}
            onChange={(value?: number) => choice.filterHospital(value)}
            options={hospitals}
            data-testid="expert-hospital-filter"
          />
        )}
      </Flex>
      <Typography.Text data-testid="expert-chosen">
        {chosen.size > 0 ? t('chosen', { names: [...chosen.values()].join('、') }) : t('none')}
      </Typography.Text>
      <Table<ExpertPickItem>
        rowKey="iUserId"
        size="small"
        columns={columns}
        dataSource={page?.listPage ?? []}
        loading={loading}
        scroll={{ y: PICKER_SCROLL_Y }}
        locale={{ emptyText: t('noExperts') }}
        pagination={{
          current: choice.query.iCurPage,
          pageSize: PICKER_PAGE_SIZE,
          total: page?.iTotalCount ?? 0,
          showSizeChanger: false,
          onChange: choice.toPage,
        }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...chosen.keys()],
          onSelect: (row, selected) => tick([row], selected),
          onSelectAll: (selected, _rows, changed) => tick(changed, selected),
          getCheckboxProps: (row) => ({ 'aria-label': row.strRealName }),
          // antd names the header's box "Select all" in every language.
          getTitleCheckboxProps: () => ({ 'aria-label': t('selectPageExperts') }),
        }}
        onRow={(row) => ({ 'data-testid': `expert-row-${row.strRealName}` }) as object}
      />
    </>
  );
}
