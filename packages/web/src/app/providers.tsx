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
 * Toasts come down below the bars at the top of the screen (the workspace header is 64 px, a
 * drawer's title bar about 56): at antd's 8 px they lay over the upload drawer's title and its
 * close button, the one way out of it (on a phone, and on a computer once a toast is wider than
 * the room left of the drawer), and over the header's buttons.
 */
const TOAST_TOP = 72;

/**
 * Server-state cache, and antd in the current language: re-rendered by react-i18next when the
 * language changes, so antd's own texts (pagination, date picker) switch with ours.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = langOfI18n(i18n.language) === 'en' ? enUS : zhCN;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={locale}
        theme={{ token: { colorPrimary: '#1f6feb' } }}
        // Two-character Chinese buttons read as the words they are ("查询", not antd's "查 询"),
        // as those with an icon ("上传") and every longer one already did.
        button={{ autoInsertSpace: false }}
      >
        <AntdApp
          message={{
            maxCount: Limits.toastMaxCount,
            duration: Limits.toastDurationS,
            top: TOAST_TOP,
          }}
          className="app-root"
        >
          <ToastBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
