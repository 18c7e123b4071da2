import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useConfig } from '@/features/config/api/get-config';
import { useVersionCheck } from './version-check/use-version-check';

/** Wraps every route: the page title is the configured site title; new builds reload the app. */
export function RootShell() {
  useVersionCheck();
  const config = useConfig();
  useEffect(() => {
    if (config?.siteTitle) {
      document.title = config.siteTitle;
    }
  }, [config?.siteTitle]);
  return <Outlet />;
}
