import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTabBar, type TabAction } from './use-tab-bar';
import { HOME_TAB } from './tabs';

const ACTIONS: TabAction[] = ['closeCurrent', 'closeOthers', 'closeRight', 'closeAll'];

/**
 * The workspace tab bar (spec §2 "Tab bar"). Each tab is `data-testid="tab-<path>"` with a close
 * button `tab-close-<path>` (aria-label "Close <title>"; Home has none). Right-clicking a tab opens
 * the closing actions for that tab; the button `tab-actions` opens them for the active tab. Action
 * entries: `tab-action-closeCurrent`, `-closeOthers`, `-closeRight`, `-closeAll`.
 */
export function TabBar() {
  const { t } = useTranslation(['common', 'menu']);
  const { tabs, activePath, act, open } = useTabBar();

  const menuFor = (path: string): MenuProps => ({
    items: ACTIONS.map((action) => ({
      key: action,
      label: <span data-testid={`tab-action-${action}`}>{t(`tabs.${action}`)}</span>,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      act(key as TabAction, path);
    },
  });

  return (
    <div className="tab-bar">
      <div className="tab-bar-list" role="tablist" aria-label={t('tabs.label')}>
        {tabs.map((tab) => {
          const title = t(tab.titleKey, { ns: 'menu' });
          const active = tab.path === activePath;
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab.path)}>
              <div
                role="tab"
                tabIndex={0}
                aria-selected={active}
                className={active ? 'tab-bar-tab tab-bar-tab-active' : 'tab-bar-tab'}
                data-testid={`tab-${tab.path}`}
                onClick={() => open(tab)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    open(tab);
                  }
                }}
              >
                <span className="tab-bar-title">{title}</span>
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
            </Dropdown>
          );
        })}
      </div>
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
