import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  FileTextOutlined,
  HomeOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RoleTypeCode } from '@pathconsult/shared';
import { menuForRole } from '@/config/menus';
import { findRoute } from '@/config/paths';
import { UnreadBadge } from '@/features/case-detail/components/unread-badge';
import { useMyPrivileges } from '@/features/privileges/api/privileges';
import { NOTHING_HELD } from '@/lib/held-privileges';
import { MenuLabel } from './menu-label';

type Item = Required<MenuProps>['items'][number];

/** The message list's entry carries the unread-message count. */
const MESSAGE_LIST_PATH = '/msglist';

const GROUP_ICONS: Record<string, ReactNode> = {
  manage: <TeamOutlined />,
  admin: <SettingOutlined />,
  total: <BarChartOutlined />,
  assignMent: <AppstoreOutlined />,
};

function iconOf(path: string): ReactNode {
  if (path === '/workplace') {
    return <HomeOutlined />;
  }
  if (path === '/auditLogs') {
    return <AuditOutlined />;
  }
  return <FileTextOutlined />;
}

/**
 * The role's side menu. Item keys are route paths; a click navigates, and the workspace opens
 * the tab, then `onNavigate` runs (a phone folds the menu). Entries carry `data-testid="menu-<path>"` (groups: `menu-group-<key>`).
 */
export function SideMenu({
  role,
  onNavigate,
}: {
  role: RoleTypeCode | null;
  /** Called after a screen is chosen (not when a group is opened or closed). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = findRoute(pathname)?.path ?? pathname;
  // Until the privileges arrive, only entries that need none are shown.
  const entries = menuForRole(role, useMyPrivileges() ?? NOTHING_HELD);
  // The group of the page shown at start is open; later the user opens and closes groups.
  const defaultOpenKeys = entries.flatMap((e) =>
    typeof e !== 'string' && e.children.includes(selected) ? [`group:${e.group}`] : [],
  );

  const leaf = (path: string): Item => ({
    key: path,
    icon: iconOf(path),
    label: (
      <MenuLabel
        text={t(findRoute(path)?.titleKey ?? path)}
        testId={`menu-${path}`}
        extra={path === MESSAGE_LIST_PATH && <UnreadBadge />}
      />
    ),
  });
  const items: Item[] = entries.map((entry) =>
    typeof entry === 'string'
      ? leaf(entry)
      : {
          key: `group:${entry.group}`,
          icon: GROUP_ICONS[entry.group],
          label: (
            <MenuLabel text={t(`group.${entry.group}`)} testId={`menu-group-${entry.group}`} />
          ),
          children: entry.children.map((path) => ({ ...leaf(path), icon: undefined }) as Item),
        },
  );

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={defaultOpenKeys}
      // antd calls onClick for leaf entries only: opening a group is not a choice of screen.
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
