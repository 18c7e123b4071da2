import { AuditOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AUDIT_LOGS_PATH } from '@/config/paths';

const shortcuts = [
  {
    path: AUDIT_LOGS_PATH,
    icon: <AuditOutlined />,
    titleKey: 'auditLogs',
    hintKey: 'adminShortcuts.auditLogsHint',
  },
] as const;

/**
 * Administration shortcuts on the home page. It links to administrator screens only, so the
 * workplace page wraps it in <Authorized roles={ADMIN_ROLES}>.
 */
export function AdminShortcutsCard() {
  const { t } = useTranslation(['workplace', 'menu']);
  return (
    <Card title={t('adminShortcuts.title')} data-testid="workplace-admin-shortcuts">
      <Flex vertical gap="middle">
        {shortcuts.map((shortcut) => (
          <Flex key={shortcut.path} gap="small" align="baseline">
            {shortcut.icon}
            <div>
              <Link to={shortcut.path} data-testid={`workplace-shortcut-${shortcut.path}`}>
                {t(shortcut.titleKey, { ns: 'menu' })}
              </Link>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t(shortcut.hintKey)}
              </Typography.Paragraph>
            </div>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
