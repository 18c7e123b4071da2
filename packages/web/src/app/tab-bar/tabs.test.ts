import { describe, expect, it } from 'vitest';
import { findRoute } from '../../config/paths';
import { decideAccess, type AccessContext } from '../guard/access';
import {
  closeAll,
  closeOthers,
  closeRight,
  closeTab,
  HOME_TAB,
  labelTab,
  normalizeTabs,
  openTab,
  tabForRoute,
  type Tab,
} from './tabs';

const tab = (path: string, titleKey: string, query = ''): Tab => ({
  path,
  fullPath: path + query,
  titleKey,
});
const report = tab('/case/report-info', 'diagnosticReport', '?iPatientId=1');
const slices = tab('/case/Imagery-info', 'sliceFiles', '?iPatientId=1');
const result = tab('/case/result-info', 'fillDiagnosis', '?iPatientId=1');
const comments = tab('/case/comments-info', 'messageList', '?iPatientId=1');
const viewer = tab('/ShowSlide', 'ShowSlide', '?id=9');
const newCase = tab('/setnew/newlybuild', 'newCases');
const logs = tab('/auditLogs', 'auditLogs');
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

describe('normalizeTabs', () => {
  it('starts with Home when nothing is stored', () => {
    expect(normalizeTabs(null)).toEqual([HOME_TAB]);
    expect(normalizeTabs('garbage')).toEqual([HOME_TAB]);
  });
  it('moves Home first and drops duplicates and broken entries', () => {
    const stored = [logs, HOME_TAB, logs, { path: 3 }, report];
    expect(paths(normalizeTabs(stored))).toEqual(['/workplace', '/auditLogs', '/case/report-info']);
  });
});

describe('openTab', () => {
  it('appends a new path', () => {
    expect(paths(openTab([HOME_TAB], logs))).toEqual(['/workplace', '/auditLogs']);
  });
  it('keeps case tabs unique by path and updates the full path on reopening', () => {
    const tabs = openTab([HOME_TAB, report, logs], {
      ...report,
      fullPath: '/case/report-info?iPatientId=2',
    });
    expect(paths(tabs)).toEqual(['/workplace', '/case/report-info', '/auditLogs']);
    expect(tabs[1]?.fullPath).toBe('/case/report-info?iPatientId=2');
  });
  it('does not add Home twice', () => {
    expect(openTab([HOME_TAB, logs], HOME_TAB)).toHaveLength(2);
  });
});

describe('tab labels (the case a case screen shows)', () => {
  const labelled = { ...report, label: 'P-001' };
  it('labels the tab showing that address', () => {
    expect(labelTab([HOME_TAB, report, logs], report.fullPath, 'P-001')[1]).toEqual(labelled);
  });
  it('leaves a tab alone that has moved on to another case', () => {
    const tabs = [HOME_TAB, report];
    expect(labelTab(tabs, '/case/report-info?iPatientId=2', 'P-002')).toBe(tabs);
  });
  it('drops the label when the tab is reopened for another case', () => {
    const [, reopened] = openTab([HOME_TAB, labelled], {
      ...report,
      fullPath: '/case/report-info?iPatientId=2',
    });
    expect(reopened).toEqual({ ...report, fullPath: '/case/report-info?iPatientId=2' });
  });
  it('takes the label known for the new address, and keeps its own on the same one', () => {
    const next = { ...report, fullPath: '/case/report-info?iPatientId=2', label: 'P-002' };
    expect(openTab([HOME_TAB, labelled], next)[1]).toEqual(next);
    expect(openTab([HOME_TAB, labelled], report)[1]).toEqual(labelled);
  });
  it('keeps a stored label through a reload, and drops one that is not a string', () => {
    expect(normalizeTabs([labelled, { ...logs, label: 7 }])).toEqual([HOME_TAB, labelled, logs]);
  });
});

describe('tabForRoute', () => {
  const session = (role: 2 | 3 | 4, privileges?: AccessContext['privileges']): AccessContext => ({
    loggedIn: true,
    role,
    config: { forget: false },
    privileges,
  });
  /** The tab a navigation to `path` opens for this session, as the tab bar asks for it. */
  const tabOf = (path: string, ctx: AccessContext, search = '', phone = false) => {
    const route = findRoute(path);
    return tabForRoute(route, search, route && decideAccess(route, ctx), phone);
  };

  it('opens a tab for a workspace screen the guard allows, with its query', () => {
    expect(tabOf('/sliceManage', session(3))).toEqual(tab('/sliceManage', 'sliceManage'));
    expect(tabOf('/case/report-info', session(3), '?iPatientId=1')).toEqual(report);
  });
  it('opens no tab for a screen the role may not open (it would only lead to /403)', () => {
    expect(tabOf('/sliceManage', session(4))).toBeNull();
    expect(tabOf('/slideInfo', session(2, new Set(['userManage'])))).toBeNull();
    expect(tabOf('/auditLogs', session(3))).toBeNull();
  });
  it('waits for the privileges before opening a privileged screen', () => {
    expect(tabOf('/auditLogs', session(2, undefined))).toBeNull();
    expect(tabOf('/auditLogs', session(2, 'all'))).toEqual(logs);
  });
  it('opens no tab for pages outside the workspace, redirects and unknown paths', () => {
    expect(tabOf('/login', session(3))).toBeNull();
    expect(tabOf('/403', session(3))).toBeNull();
    expect(tabOf('/nowhere', session(3))).toBeNull();
    expect(tabOf('/case', session(3), '?iPatientId=1')).toBeNull();
    expect(tabForRoute(findRoute('/sliceManage'), '', undefined)).toBeNull();
  });
  it('opens no tab on a phone for the viewer, which a phone shows on a page of its own', () => {
    expect(tabOf('/ShowSlide', session(4), '?id=7', true)).toBeNull();
    expect(tabOf('/ShowSlide', session(4), '?id=7')).toEqual({
      path: '/ShowSlide',
      fullPath: '/ShowSlide?id=7',
      titleKey: 'ShowSlide',
    });
    // Other screens keep their tabs on a phone.
    expect(tabOf('/sliceManage', session(3), '', true)).toEqual(tab('/sliceManage', 'sliceManage'));
  });
});

describe('closeTab', () => {
  it('refuses to close Home', () => {
    const res = closeTab([HOME_TAB, logs], '/workplace', '/workplace');
    expect(res.messageKey).toBe('tabs.cannotCloseCurrent');
    expect(res.tabs).toHaveLength(2);
  });
  it('closes the case-work tabs together', () => {
    const tabs = [HOME_TAB, report, slices, logs, result, comments, viewer];
    const res = closeTab(tabs, '/case/Imagery-info', '/auditLogs');
    expect(paths(res.tabs)).toEqual(['/workplace', '/case/report-info', '/auditLogs']);
    expect(res.navigateTo).toBeUndefined();
  });
  it('closes the diagnostic report and new-case tabs one by one', () => {
    const tabs = [HOME_TAB, report, slices, newCase];
    expect(paths(closeTab(tabs, '/case/report-info', '/workplace').tabs)).toEqual([
      '/workplace',
      '/case/Imagery-info',
      '/setnew/newlybuild',
    ]);
    expect(paths(closeTab(tabs, '/setnew/newlybuild', '/workplace').tabs)).toEqual([
      '/workplace',
      '/case/report-info',
      '/case/Imagery-info',
    ]);
  });
  it('moves to the last remaining tab when the active one closes', () => {
    const res = closeTab([HOME_TAB, report, logs], '/auditLogs', '/auditLogs');
    expect(res.navigateTo).toBe('/case/report-info?iPatientId=1');
  });
});

describe('closeOthers', () => {
  it('keeps Home and the chosen tab', () => {
    const res = closeOthers([HOME_TAB, report, logs, newCase], '/auditLogs', '/setnew/newlybuild');
    expect(paths(res.tabs)).toEqual(['/workplace', '/auditLogs']);
    expect(res.navigateTo).toBe('/auditLogs');
  });
  it('says so when there is nothing else to close', () => {
    expect(closeOthers([HOME_TAB, logs], '/auditLogs', '/auditLogs').messageKey).toBe(
      'tabs.noOtherPages',
    );
    expect(closeOthers([HOME_TAB], '/workplace', '/workplace').messageKey).toBe(
      'tabs.noOtherPages',
    );
  });
});

describe('closeRight', () => {
  it('closes the tabs after the chosen one', () => {
    const res = closeRight([HOME_TAB, report, logs, newCase], '/case/report-info', '/auditLogs');
    expect(paths(res.tabs)).toEqual(['/workplace', '/case/report-info']);
    expect(res.navigateTo).toBe('/case/report-info?iPatientId=1');
  });
  it('keeps the active tab when it is left of the cut', () => {
    const res = closeRight([HOME_TAB, report, logs], '/case/report-info', '/workplace');
    expect(res.navigateTo).toBeUndefined();
  });
  it('says so when the tab is the last one', () => {
    expect(closeRight([HOME_TAB, logs], '/auditLogs', '/auditLogs').messageKey).toBe(
      'tabs.noOtherPages',
    );
  });
});

describe('closeAll', () => {
  it('leaves only Home and goes there', () => {
    const res = closeAll([HOME_TAB, report, logs], '/auditLogs');
    expect(res.tabs).toEqual([HOME_TAB]);
    expect(res.navigateTo).toBe('/workplace');
  });
  it('says so when only Home is open', () => {
    expect(closeAll([HOME_TAB], '/workplace').messageKey).toBe('tabs.noOtherPages');
  });
});
