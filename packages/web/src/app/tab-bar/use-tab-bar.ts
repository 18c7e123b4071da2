import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SessionKey } from '@pathconsult/shared';
import { findRoute, PHONE_QUERY } from '@/config/paths';
import { toastWarning } from '@/lib/toast';
import { decideAccess, type AccessContext } from '../guard/access';
import { useAccessContext } from '../guard/use-access-context';
import { onNavigation } from '../navigation-events';
import { lastTabLabel, onTabLabel } from './tab-labels';
import {
  closeAll,
  closeOthers,
  closeRight,
  closeTab,
  labelTab,
  normalizeTabs,
  openTab,
  tabForRoute,
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

/** Whether this is a phone's screen now (the viewer has a page of its own there). */
function onPhone(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

/** The tab for a screen, with the label its screen has already given that address, if any. */
function withKnownLabel(tab: Tab): Tab {
  const label = lastTabLabel(tab.fullPath);
  return label === undefined ? tab : { ...tab, label };
}

/** Opens (or updates) the tab of a workspace screen the guard allows; other paths open no tab. */
function openTabFor(
  setTabs: (update: (current: Tab[]) => Tab[]) => void,
  pathname: string,
  search: string,
  access: AccessContext,
): void {
  const route = findRoute(pathname);
  const tab = tabForRoute(route, search, route && decideAccess(route, access), onPhone());
  if (tab) {
    setTabs((current) => openTab(current, withKnownLabel(tab)));
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
  const access = useAccessContext();
  const decision = route && decideAccess(route, access);
  // Navigation events arrive outside React's render, so they read the latest session from here.
  const accessRef = useRef(access);
  useEffect(() => {
    accessRef.current = access;
  });

  // A screen that is done with itself (a saved form) leaves with `{ closeTab: its path }`.
  useEffect(() => {
    const closing = (location.state as { closeTab?: unknown } | null)?.closeTab;
    if (typeof closing === 'string') {
      setTabs((current) => current.filter((tab) => tab.path !== closing));
    }
  }, [location]);
  // The screen shown now (first load, reload), again once the guard has decided (privileges
  // loaded), and every navigation as it starts, even one the user leaves before its screen has
  // loaded (see navigation-events.ts).
  useEffect(() => {
    const tab = tabForRoute(route, location.search, decision, onPhone());
    if (tab) {
      setTabs((current) => openTab(current, withKnownLabel(tab)));
    }
  }, [route, location.search, decision]);
  // A screen names what it shows (a case's number) once it has read it (tab-labels.ts).
  useEffect(
    () =>
      onTabLabel(({ fullPath, label }) => setTabs((current) => labelTab(current, fullPath, label))),
    [],
  );
  useEffect(
    () =>
      onNavigation((next) => openTabFor(setTabs, next.pathname, next.search, accessRef.current)),
    [],
  );

  useEffect(() => {
    sessionStorage.setItem(SessionKey.tagsView, JSON.stringify(tabs));
  }, [tabs]);

  const apply = useCallback(
    (result: TabResult) => {
      if (result.messageKey) {
        toastWarning(t(result.messageKey));
      }
      setTabs(result.tabs);
      if (result.navigateTo) {
        void navigate(result.navigateTo);
      }
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
