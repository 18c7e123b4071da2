import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `allowClear` for a clearable Select: its clear button named in the page's language. Given
 * `allowClear` alone, rc-select names it "Clear" in every language, and a screen reader said
 * English in the Chinese interface (an Input's clear button takes antd's locale and says 清除).
 */
export function useSelectClear(): { label: string } {
  const { t } = useTranslation('common');
  const label = t('icon.clear');
  return useMemo(() => ({ label }), [label]);
}
