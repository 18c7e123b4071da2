import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

type SearchProps = ComponentProps<typeof Input.Search>;

/**
 * antd's search box with names screen readers can say: the field is named by its placeholder
 * (it has no visible label) and the search button, an icon only, by `buttonLabel` (or "Search").
 */
export function SearchBox({
  buttonLabel,
  ...search
}: Omit<SearchProps, 'enterButton'> & { buttonLabel?: string }) {
  const { t } = useTranslation('common');
  return (
    <Input.Search
      aria-label={search.placeholder}
      {...search}
      enterButton={
        <Button aria-label={buttonLabel ?? t('action.search')} icon={<SearchOutlined />} />
      }
    />
  );
}
