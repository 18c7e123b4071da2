import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSiteTitle } from '@/features/config/api/get-config';
import { useVersionCheck } from './version-check/use-version-check';

/** Wraps every route: the page title is the site title; new builds reload the app. */
export function RootShell() {
  useVersionCheck();
  const siteTitle = useSiteTitle();
  useEffect(() => {
    document.title = siteTitle;
  }, [siteTitle]);
  return <Outlet />;
}
