import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  CommentOutlined,
  ControlOutlined,
  DashboardOutlined,
  DeleteOutlined,
  FileAddOutlined,
  FileDoneOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderAddOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  InboxOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  NumberOutlined,
  PictureOutlined,
  PieChartOutlined,
  ProfileOutlined,
  RollbackOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  StarOutlined,
  TeamOutlined,
  UndoOutlined,
  UserAddOutlined,
  UserOutlined,
  VideoCameraOutlined,
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

/**
 * Each screen's own icon: folded (a tablet, a narrow window) the menu shows icons alone, and
 * fourteen identical document icons told the screens apart only by their order.
 */
const ICONS: Record<string, ReactNode> = {
  '/workplace': <HomeOutlined />,
  '/dashboard': <DashboardOutlined />,
  '/setnew': <FileAddOutlined />,
  '/batchnew': <FolderAddOutlined />,
  '/waitdiagnosis': <ClockCircleOutlined />,
  '/enddiagnosis': <FileDoneOutlined />,
  '/subscribeList': <CalendarOutlined />,
  '/returncases': <RollbackOutlined />,
  '/recall': <UndoOutlined />,
  '/collection': <StarOutlined />,
  '/msglist': <MessageOutlined />,
  '/CasesShare': <ShareAltOutlined />,
  '/netmeeting': <VideoCameraOutlined />,
  '/DiagnosticReport': <ProfileOutlined />,
  '/ExpertsReorts': <ProfileOutlined />,
  '/sliceManage': <PictureOutlined />,
  '/slideInfo': <PictureOutlined />,
  '/removeSlideInfo': <DeleteOutlined />,
  '/hospitalGroup': <ClusterOutlined />,
  '/reportReview': <FileSearchOutlined />,
  '/ReportOnline': <FormOutlined />,
  '/CommonWordManage': <BookOutlined />,
  '/admin/CommonWords': <BookOutlined />,
  '/medicalNum': <NumberOutlined />,
  '/userFeedback': <CommentOutlined />,
  '/admin/AdminList': <UserOutlined />,
  '/admin/outbox': <MailOutlined />,
  '/admin/privileges': <SafetyOutlined />,
  '/admin/registrations': <UserAddOutlined />,
  '/admin/roles': <IdcardOutlined />,
  '/admin/upgradeNotice': <NotificationOutlined />,
  '/assignMent/completed': <CheckSquareOutlined />,
  '/assignMent/unassigned': <InboxOutlined />,
  '/globalConfiguration/basic': <ControlOutlined />,
  '/manage/ExpertScheduling': <ScheduleOutlined />,
  '/manage/HospitalManagement': <BankOutlined />,
  '/manage/usersManagement': <TeamOutlined />,
  '/total/ActiveData': <LineChartOutlined />,
  '/total/ThoughTotal': <PieChartOutlined />,
  '/auditLogs': <AuditOutlined />,
};

function iconOf(path: string): ReactNode {
  return ICONS[path] ?? <FileTextOutlined />;
}

/**
 * The role's side menu. Item keys are route paths; a click navigates, and the workspace opens
 * the tab, then `onNavigate` runs (on a phone it closes the menu drawer). Entries carry
 * `data-testid="menu-<path>"` (groups: `menu-group-<key>`).
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
