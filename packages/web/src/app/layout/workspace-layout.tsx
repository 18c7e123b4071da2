import { Flex, Grid, Layout, Typography } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useSiteTitle } from '@/features/config/api/get-config';
import { UploadHeaderButton } from '@/features/slide-upload/components/upload-header-button';
import { UploadRuntime } from '@/features/slide-upload/components/upload-runtime';
import { useNotificationSocket } from '@/features/notifications/use-notification-socket';
import { UpgradeBanner } from '@/features/upgrade-notice/components/upgrade-banner';
import { useSession } from '@/lib/use-session';
import { TabBar } from '../tab-bar/tab-bar';
import { AccountMenu } from './account-menu';
import { SideMenu } from './side-menu';

/**
 * The logged-in workspace: the role's side menu, a header with the site title and the account
 * menu, the tab bar, and the page. Only routes with `layout: 'workspace'` render inside it.
 */
export function WorkspaceLayout() {
  const { user, iRoleType } = useSession();
  const siteTitle = useSiteTitle();
  const [collapsed, setCollapsed] = useState(false);
  // On a phone (below 576 px) the folded menu takes no room at all; antd then shows a tab at the
  // screen's edge to open it, and choosing a screen folds it again.
  const phone = Grid.useBreakpoint().xs === true;
  // Workflow messages arrive live while the workspace is open.
  useNotificationSocket();
  return (
    <Layout className="workspace">
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        // Narrow windows (a tablet, a split screen at the microscope) keep the page wide: the
        // menu folds to its icons below 992 px and opens again above.
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        width={220}
        collapsedWidth={phone ? 0 : 80}
        // At the screen's lower edge, where a thumb reaches it and it covers no tab.
        zeroWidthTriggerStyle={{ top: 'auto', bottom: 72 }}
        data-testid="side-menu"
      >
        <div className="workspace-logo" aria-hidden>
          {collapsed ? 'PC' : 'PathConsult'}
        </div>
        {/* Opening a group keeps the menu open: only the choice of a screen folds it. */}
        <SideMenu role={iRoleType} onNavigate={phone ? () => setCollapsed(true) : undefined} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="workspace-header">
          <Typography.Title level={4} className="workspace-title" data-testid="header-site-title">
            {siteTitle}
          </Typography.Title>
          <Flex align="center" gap="small">
            <UploadHeaderButton />
            <AccountMenu realName={user?.strRealName ?? ''} />
          </Flex>
        </Layout.Header>
        <UpgradeBanner style={{ margin: '8px 16px 0' }} />
        <TabBar />
        <Layout.Content className="workspace-content">
          <Outlet />
        </Layout.Content>
        {/* The slide upload queue lives with the frame: uploads go on across screens and tabs. */}
        <UploadRuntime />
      </Layout>
    </Layout>
  );
}
