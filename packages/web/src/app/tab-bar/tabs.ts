/**
 * The tab bar rules of spec §2 "Tab bar", as pure functions over a list of tabs so that they can be
 * unit tested and the component only renders and navigates.
 *
 * - Home (/workplace) is always the first tab and cannot be closed.
 * - A tab is identified by its path; reopening a path updates the tab's full path (with the query).
 *   The spec names the case tabs for this because they carry the case in the query: reopening
 *   /case/report-info for another case must not add a second "diagnostic report" tab.
 * - The case-work tabs (fill diagnosis, slice files, message list, slide viewer) belong together and
 *   close together; the diagnostic report and new-case tabs close one by one like any other tab.
 * - Only a workspace screen the route guard lets through gets a tab: a refused one would only lead
 *   to /403 again each time it was clicked.
 */

/* Relative type imports: the root Vitest project for web does not read vite.config.ts (no `@`). */
import type { RouteDef } from '../../config/paths';
import type { AccessDecision } from '../guard/access';

export interface Tab {
  /** Pathname without query; the tab's identity. */
  path: string;
  /** Pathname and query, where the tab navigates to. */
  fullPath: string;
  /** Title key of the route (menu namespace); the closing rules match on it. */
  titleKey: string;
  /** What the screen at fullPath said it shows (a case's number), shown after the title. */
  label?: string;
}

/** Business messages (common namespace) the tab bar may show instead of acting. */
export type TabMessageKey = 'tabs.cannotCloseCurrent' | 'tabs.noOtherPages';

export interface TabResult {
  tabs: Tab[];
  /** Where to go when the active tab was closed. */
  navigateTo?: string;
  messageKey?: TabMessageKey;
}

export const HOME_TAB: Tab = { path: '/workplace', fullPath: '/workplace', titleKey: 'workplace' };

/** Tabs closed together: closing one closes every open tab of this group. */
export const CLOSED_TOGETHER: ReadonlySet<string> = new Set([
  'fillDiagnosis',
  'sliceFiles',
  'messageList',
  'ShowSlide',
]);

const isHome = (tab: Tab): boolean => tab.path === HOME_TAB.path;

/** A tab list that starts with Home, whatever was stored before (tolerates bad sessionStorage data). */
export function normalizeTabs(stored: unknown): Tab[] {
  const valid = Array.isArray(stored)
    ? stored.filter(
        (tab): tab is Tab =>
          typeof tab === 'object' &&
          tab !== null &&
          typeof (tab as Tab).path === 'string' &&
          typeof (tab as Tab).fullPath === 'string' &&
          typeof (tab as Tab).titleKey === 'string',
      )
    : [];
  // Only a string is a label: anything else stored goes, the tab stays.
  const labelled = valid.map(({ label, ...tab }) =>
    typeof label === 'string' ? { ...tab, label } : tab,
  );
  const seen = new Set<string>();
  const rest = labelled.filter((tab) => {
    if (isHome(tab) || seen.has(tab.path)) {
      return false;
    }
    seen.add(tab.path);
    return true;
  });
  const home = labelled.find(isHome) ?? HOME_TAB;
  return [home, ...rest];
}

/**
 * The tab a navigation opens, or null: none for paths outside the workspace, redirects, a screen
 * a `phone` shows on a page of its own (the viewer), and any decision of the guard but 'allow'
 * (a refused screen, and one still waiting for the session's privileges — its tab opens once the
 * guard lets it through).
 */
export function tabForRoute(
  route: RouteDef | undefined,
  search: string,
  decision: AccessDecision | undefined,
  phone = false,
): Tab | null {
  if (
    !route ||
    route.redirect ||
    route.layout !== 'workspace' ||
    decision !== 'allow' ||
    (phone && route.phonePage)
  ) {
    return null;
  }
  return { path: route.path, fullPath: route.path + search, titleKey: route.titleKey };
}

/**
 * Adds a tab at the end, or updates the full path of the tab already open for that path. A label
 * belongs to one full path: the tab reopened for another case loses the last case's number
 * (and takes `tab.label`, when that address's label is known already).
 */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) {
    return [...tabs, tab];
  }
  const current = tabs[index];
  if (current && current.fullPath === tab.fullPath) {
    return tab.label === undefined || tab.label === current.label
      ? [...tabs]
      : tabs.map((t, i) => (i === index ? { ...t, label: tab.label } : t));
  }
  return tabs.map((t, i) => {
    if (i !== index) {
      return t;
    }
    const { label: _old, ...rest } = t;
    return {
      ...rest,
      fullPath: tab.fullPath,
      ...(tab.label === undefined ? {} : { label: tab.label }),
    };
  });
}

/** Labels the tab showing `fullPath` now; a tab gone, or moved on to another case, is left alone. */
export function labelTab(tabs: readonly Tab[], fullPath: string, label: string): Tab[] {
  const index = tabs.findIndex((t) => t.fullPath === fullPath);
  if (index === -1 || tabs[index]?.label === label) {
    return tabs as Tab[];
  }
  return tabs.map((t, i) => (i === index ? { ...t, label } : t));
}

/** The tab to show after the active one was closed: the last one left (Home at worst). */
function fallback(tabs: readonly Tab[]): string {
  return (tabs[tabs.length - 1] ?? HOME_TAB).fullPath;
}

function afterClosing(remaining: Tab[], activePath: string): TabResult {
  const activeKept = remaining.some((t) => t.path === activePath);
  return activeKept ? { tabs: remaining } : { tabs: remaining, navigateTo: fallback(remaining) };
}

/** Close current: Home refuses; a case-work tab takes its whole group with it. */
export function closeTab(tabs: readonly Tab[], path: string, activePath: string): TabResult {
  const target = tabs.find((t) => t.path === path);
  if (!target) {
    return { tabs: [...tabs] };
  }
  if (isHome(target)) {
    return { tabs: [...tabs], messageKey: 'tabs.cannotCloseCurrent' };
  }
  const closing = CLOSED_TOGETHER.has(target.titleKey)
    ? (t: Tab) => CLOSED_TOGETHER.has(t.titleKey)
    : (t: Tab) => t.path === path;
  return afterClosing(
    tabs.filter((t) => isHome(t) || !closing(t)),
    activePath,
  );
}

/** Close others: keeps Home and the given tab. */
export function closeOthers(tabs: readonly Tab[], path: string, activePath: string): TabResult {
  const remaining = tabs.filter((t) => isHome(t) || t.path === path);
  if (remaining.length === tabs.length) {
    return { tabs: [...tabs], messageKey: 'tabs.noOtherPages' };
  }
  const result = afterClosing(remaining, activePath);
  // The user chose to keep this tab, so it is the one to show.
  return result.navigateTo ? { ...result, navigateTo: keptFullPath(remaining, path) } : result;
}

/** Close right: closes every tab after the given one. */
export function closeRight(tabs: readonly Tab[], path: string, activePath: string): TabResult {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1 || index === tabs.length - 1) {
    return { tabs: [...tabs], messageKey: 'tabs.noOtherPages' };
  }
  const remaining = tabs.slice(0, index + 1);
  const result = afterClosing(remaining, activePath);
  return result.navigateTo ? { ...result, navigateTo: keptFullPath(remaining, path) } : result;
}

/** Close all: only Home stays. */
export function closeAll(tabs: readonly Tab[], activePath: string): TabResult {
  const remaining = tabs.filter(isHome);
  if (remaining.length === tabs.length) {
    return { tabs: [...tabs], messageKey: 'tabs.noOtherPages' };
  }
  return afterClosing(remaining, activePath);
}

function keptFullPath(tabs: readonly Tab[], path: string): string {
  return (tabs.find((t) => t.path === path) ?? HOME_TAB).fullPath;
}
