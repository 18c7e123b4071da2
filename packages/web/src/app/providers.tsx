import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '@pathconsult/shared';
import { langOfI18n } from '@/lib/lang';
import { queryClient } from '@/lib/query-client';
import { setMessageInstance } from '@/lib/toast';

/** Hands antd's context-aware message API to the non-React toast helpers (api-client). */
function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => setMessageInstance(message), [message]);
  return null;
}

/**
 * Server-state cache, and antd in the current language: re-rendered by react-i18next when the
 * language changes, so antd's own texts (pagination, date picker) switch with ours.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = langOfI18n(i18n.language) === 'en' ? enUS : zhCN;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#1f6feb' } }}>
        <AntdApp
          message={{ maxCount: Limits.toastMaxCount, duration: Limits.toastDurationS }}
          className="app-root"
        >
          <ToastBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
