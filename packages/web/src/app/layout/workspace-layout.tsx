import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSiteTitle } from '@/features/config/api/get-config';
import { UploadHeaderButton } from '@/features/slide-upload/components/upload-header-button';
import { UploadRuntime } from '@/features/slide-upload/components/upload-runtime';
import { useNotificationSocket } from '@/features/notifications/use-notification-socket';
import { UpgradeBanner } from '@/features/upgrade-notice/components/upgrade-banner';
import { useSession } from '@/lib/use-session';
import { TabBar } from '../tab-bar/tab-bar';
import { AccountMenu } from './account-menu';
import { SideMenu } from './side-menu';
import { usePhone } from '@/lib/use-phone';

/**
 * The logged-in workspace: the role's side menu, a header with the site title and the account
 * menu, the tab bar, and the page. Only routes with `layout: 'workspace'` render inside it.
 */
export function WorkspaceLayout() {
  const { user, iRoleType } = useSession();
  const { pathname } = useLocation();
  const siteTitle = useSiteTitle();
  const { t } = useTranslation('menu');
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // On a phone (below 576 px) the menu is a drawer over the page, opened from a button in the
  // header: a side column would squeeze the page to a sliver, and a tab at the screen's edge
  // covered rows and could not be reached by keyboard or named by a screen reader.
  const phone = usePhone();
  // Left open as the screen widened (a phone turned sideways), the drawer must not open by itself
  // when it narrows again.
  const [drawerOfPhone, setDrawerOfPhone] = useState(phone);
  if (drawerOfPhone !== phone) {
    setDrawerOfPhone(phone);
    setDrawerOpen(false);
  }
  // Workflow messages arrive live while the workspace is open.
  useNotificationSocket();
  return (
    <Layout className="workspace">
      {phone ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('mainMenu')}
          size={264}
          // The menu keeps its dark look, as in the side column on wider screens.
          styles={{ body: { padding: 0, background: '#001529' } }}
          data-testid="side-menu-drawer"
        >
          {/* Opening a group keeps the drawer open: only the choice of a screen closes it. */}
          <SideMenu role={iRoleType} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          // Narrow windows (a tablet, a split screen at the microscope) keep the page wide: the
          // menu folds to its icons below 992 px and opens again above.
          breakpoint="lg"
          onBreakpoint={setCollapsed}
          width={220}
          collapsedWidth={80}
          data-testid="side-menu"
        >
          <div className="workspace-logo" aria-hidden>
            {collapsed ? 'PC' : 'PathConsult'}
          </div>
          <SideMenu role={iRoleType} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="workspace-header">
          <Flex align="center" gap="small" className="workspace-header-start">
            {phone && (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('openMenu')}
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
                data-testid="side-menu-open"
              />
            )}
            <Typography.Title level={4} className="workspace-title" data-testid="header-site-title">
              {siteTitle}
            </Typography.Title>
          </Flex>
          <Flex align="center" gap="small">
            <UploadHeaderButton />
            <AccountMenu realName={user?.strRealName ?? ''} />
          </Flex>
        </Layout.Header>
        <UpgradeBanner style={{ margin: '8px 16px 0' }} />
        <TabBar />
        {/* The path of the page shown: the router shows the last page until the next one's code
            has loaded, so the address alone does not say which page is on screen (tests wait
            on it before typing into a page). */}
        <Layout.Content className="workspace-content" data-path={pathname}>
          <Outlet />
        </Layout.Content>
        {/* The slide upload queue lives with the frame: uploads go on across screens and tabs. */}
        <UploadRuntime />
      </Layout>
    </Layout>
  );
}
