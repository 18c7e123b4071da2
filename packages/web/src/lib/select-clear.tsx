import { CloseCircleFilled } from '@ant-design/icons';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `allowClear` for a clearable Select: its clear button named in the page's language. Given
 * `allowClear` alone, rc-select names it "Clear" in every language, and a screen reader said
 * English in the Chinese interface (an Input's clear button takes antd's locale and says 清除).
 * The icon is antd's own: antd adds it only to `allowClear={true}`, and rc-select drew a bare
 * "×" for an object without one.
 */
export function useSelectClear(): { label: string; clearIcon: ReactNode } {
  const { t } = useTranslation('common');
  const label = t('icon.clear');
  return useMemo(() => ({ label, clearIcon: <CloseCircleFilled /> }), [label]);
}
