import { Alert, Button, Empty, Flex, Pagination, Select, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommonWordLimits, type CommonWordDto } from '@pathconsult/shared';
import { useUsableCategories, useUsableCommonWords } from '../api/common-words';
import { SCOPE_COLORS } from '../utils/scope';
import { SearchBox } from '@/components/search-box';
import { useSelectClear } from '@/lib/select-clear';

const PAGE_SIZE = 10;

/**
 * The inside of the picker's popover: category filter, search, one page of usable words
 * (scrolling at 260 px, spec §9 pickers) and paging. Clicking a word (or Enter on it) picks it.
 */
export function CommonWordPickerPanel({
  testId,
  onPick,
}: {
  testId: string;
  onPick: (text: string) => void;
}) {
  const selectClear = useSelectClear();
  const { t } = useTranslation('commonWords');
  const [category, setCategory] = useState<string | undefined>();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const categories = useUsableCategories();
  const words = useUsableCommonWords({
    iCurPage: page,
    iPageSize: PAGE_SIZE,
    strCategory: category,
    strKeyword: keyword,
  });
  const rows = words.data?.listPage ?? [];

  return (
    <Flex vertical gap="small" style={{ width: 440 }} data-testid={`${testId}-panel`}>
      <Flex gap="small">
        <Select
          allowClear={selectClear}
          showSearch
          data-testid={`${testId}-category`}
          placeholder={t('picker.allCategories')}
          style={{ width: 150 }}
          popupMatchSelectWidth={false}
          loading={categories.isLoading}
          value={category}
          options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
          onChange={(value: string | undefined) => {
            setCategory(value);
            setPage(1);
          }}
        />
        <SearchBox
          allowClear
          data-testid={`${testId}-search`}
          placeholder={t('picker.search')}
          maxLength={CommonWordLimits.searchMax}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPage(1);
          }}
        />
      </Flex>
      <Typography.Text type="secondary">{t('picker.hint')}</Typography.Text>
      {words.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('picker.loadError')}
          action={
            <Button size="small" onClick={() => void words.refetch()}>
              {t('action.retry', { ns: 'common' })}
            </Button>
          }
        />
      ) : (
        <Spin spinning={words.isFetching}>
          <div style={{ maxHeight: 260, overflowY: 'auto' }}>
            {rows.length === 0 && !words.isPending ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.empty')} />
            ) : (
              rows.map((word) => (
                <PickerItem key={word.iCommonWordId} word={word} testId={testId} onPick={onPick} />
              ))
            )}
          </div>
        </Spin>
      )}
      {(words.data?.iTotalCount ?? 0) > PAGE_SIZE && (
        <Pagination
          size="small"
          simple
          align="end"
          current={page}
          pageSize={PAGE_SIZE}
          total={words.data?.iTotalCount ?? 0}
          onChange={setPage}
        />
      )}
    </Flex>
  );
}

function PickerItem({
  word,
  testId,
  onPick,
}: {
  word: CommonWordDto;
  testId: string;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation('commonWords');
  return (
    <Button
      type="text"
      block
      data-testid={`${testId}-item-${word.iCommonWordId}`}
      onClick={() => onPick(word.strContent)}
      style={{
        display: 'block',
        height: 'auto',
        padding: '6px 8px',
        textAlign: 'left',
        whiteSpace: 'normal',
      }}
    >
      <Flex gap={4} wrap style={{ marginBottom: 2 }}>
        <Tag>{word.strCategory}</Tag>
        <Tag color={SCOPE_COLORS[word.ddScope.iNumber]}>
          {word.bMine ? t('picker.mine') : t(`scope.${word.ddScope.iNumber}`)}
        </Tag>
      </Flex>
      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
        {word.strContent}
      </Typography.Paragraph>
    </Button>
  );
}
