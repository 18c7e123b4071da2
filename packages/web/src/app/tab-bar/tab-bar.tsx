import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabBar, type TabAction } from './use-tab-bar';
import { HOME_TAB } from './tabs';

const ACTIONS: TabAction[] = ['closeCurrent', 'closeOthers', 'closeRight', 'closeAll'];

/**
 * The workspace tab bar (spec §2 "Tab bar"). Each tab is `data-testid="tab-<path>"` with a close
 * button `tab-close-<path>` (aria-label "Close <title>"; Home has none). Right-clicking a tab opens
 * the closing actions for that tab in the bar's one context menu; the button `tab-actions` opens them for the active tab. Action
 * entries: `tab-action-closeCurrent`, `-closeOthers`, `-closeRight`, `-closeAll`.
 */
export function TabBar() {
  const { t } = useTranslation(['common', 'menu']);
  const { tabs, activePath, act, open } = useTabBar();

  const list = useRef<HTMLDivElement>(null);
  // The active tab in sight: titles with a case's number fill the bar sooner, and the tab just
  // opened (added at the end) was past its right edge.
  const activeLabel = tabs.find((tab) => tab.path === activePath)?.label;
  useEffect(() => {
    const bar = list.current;
    const active = bar?.querySelector<HTMLElement>('.tab-bar-tab-active');
    if (bar && active) {
      scrollIntoBar(bar, active);
    }
  }, [activePath, activeLabel, tabs.length]);

  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState<string | null>(null);

  const menuFor = (path: string, close?: () => void): MenuProps => ({
    items: ACTIONS.map((action) => ({
      key: action,
      label: <span data-testid={`tab-action-${action}`}>{t(`tabs.${action}`)}</span>,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      close?.();
      act(key as TabAction, path);
    },
  });

  // One context menu for the whole bar, opened at the pointer over whichever tab was right-clicked.
  // A menu per tab would let two be on screen at once (one still fading out while the next opens)
  // with the same entries; a single menu moves to the new tab instead.
  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const tabElement = (event.target as HTMLElement).closest<HTMLElement>('[data-tab-path]');
    if (tabElement?.dataset.tabPath) {
      setMenuPath(tabElement.dataset.tabPath);
    } else {
      setMenuOpen(false);
    }
  };

  return (
    <div className="tab-bar">
      <Dropdown
        trigger={['contextMenu']}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        menu={menuFor(menuPath ?? activePath, () => setMenuOpen(false))}
      >
        <div
          ref={list}
          className="tab-bar-list"
          role="tablist"
          aria-label={t('tabs.label')}
          onContextMenu={onContextMenu}
        >
          {tabs.map((tab) => {
            // "Fill diagnosis · P2026-0001": the case screens keep one tab whatever case they show.
            const name = t(tab.titleKey, { ns: 'menu' });
            const title = tab.label ? `${name} · ${tab.label}` : name;
            const active = tab.path === activePath;
            return (
              <div
                key={tab.path}
                role="tab"
                tabIndex={0}
                aria-selected={active}
                className={active ? 'tab-bar-tab tab-bar-tab-active' : 'tab-bar-tab'}
                data-testid={`tab-${tab.path}`}
                data-tab-path={tab.path}
                onClick={() => open(tab)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    open(tab);
                  }
                }}
              >
                <span className="tab-bar-title" title={tab.label ? title : undefined}>
                  {title}
                </span>
                {tab.path !== HOME_TAB.path && (
                  <button
                    type="button"
                    className="tab-bar-close"
                    aria-label={t('tabs.close', { title })}
                    data-testid={`tab-close-${tab.path}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      act('closeCurrent', tab.path);
                    }}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </Dropdown>
      <Dropdown trigger={['click']} menu={menuFor(activePath)}>
        <Button
          size="small"
          type="text"
          data-testid="tab-actions"
          aria-label={t('tabs.actions')}
          icon={<DownOutlined />}
        />
      </Dropdown>
    </div>
  );
}

/** Scrolls the bar sideways just enough for the tab to show whole (the page itself stays). */
function scrollIntoBar(bar: HTMLElement, tab: HTMLElement): void {
  const room = bar.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left < room.left) {
    bar.scrollLeft -= room.left - box.left;
  } else if (box.right > room.right) {
    bar.scrollLeft += box.right - room.right;
  }
}
