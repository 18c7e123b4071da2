import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SessionKey } from '@pathconsult/shared';
import { findRoute } from '@/config/paths';
import { toastWarning } from '@/lib/toast';
import {
  closeAll,
  closeOthers,
  closeRight,
  closeTab,
  normalizeTabs,
  openTab,
  type Tab,
  type TabResult,
} from './tabs';

export type TabAction = 'closeCurrent' | 'closeOthers' | 'closeRight' | 'closeAll';

function loadTabs(): Tab[] {
  try {
    return normalizeTabs(JSON.parse(sessionStorage.getItem(SessionKey.tagsView) ?? 'null'));
  } catch {
    return normalizeTabs(null);
  }
}

/**
 * Tab bar state: opens a tab for each workspace page visited, keeps the list in sessionStorage
 * (`tagsView`, spec §3) so that a reload keeps the tabs, and applies the closing rules of tabs.ts.
 */
export function useTabBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<Tab[]>(loadTabs);
  const route = findRoute(location.pathname);
  const activePath = route?.path ?? location.pathname;

  useEffect(() => {
    if (!route || route.redirect || route.layout !== 'workspace') return;
    const fullPath = route.path + location.search;
    setTabs((current) =>
      openTab(current, { path: route.path, fullPath, titleKey: route.titleKey }),
    );
  }, [route, location.search]);

  useEffect(() => {
    sessionStorage.setItem(SessionKey.tagsView, JSON.stringify(tabs));
  }, [tabs]);

  const apply = useCallback(
    (result: TabResult) => {
      if (result.messageKey) toastWarning(t(result.messageKey));
      setTabs(result.tabs);
      if (result.navigateTo) void navigate(result.navigateTo);
    },
    [navigate, t],
  );

  const act = useCallback(
    (action: TabAction, path: string) => {
      switch (action) {
        case 'closeCurrent':
          return apply(closeTab(tabs, path, activePath));
        case 'closeOthers':
          return apply(closeOthers(tabs, path, activePath));
        case 'closeRight':
          return apply(closeRight(tabs, path, activePath));
        case 'closeAll':
          return apply(closeAll(tabs, activePath));
      }
    },
    [apply, tabs, activePath],
  );

  return { tabs, activePath, act, open: (tab: Tab) => void navigate(tab.fullPath) };
}
