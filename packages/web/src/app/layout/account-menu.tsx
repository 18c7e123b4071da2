import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Lang } from '@pathconsult/shared';
import { logout } from '@/features/auth/api/logout';
import { LOGIN_PATH } from '@/config/paths';
import { setLang } from '@/lib/i18n';
import { langOfI18n } from '@/lib/lang';

/*
 * The dialogs hold whole forms (date picker, validation): they load when first opened, so the
 * workspace frame every screen waits for does not carry them.
 */
const SettingsDialog = lazy(() =>
  import('./settings-dialog').then((m) => ({ default: m.SettingsDialog })),
);
const PasswordDialog = lazy(() =>
  import('./settings-dialog').then((m) => ({ default: m.PasswordDialog })),
);

/**
 * The header's account dropdown: settings, password change, language, logout. Its trigger is
 * `data-testid="account-menu"`; entries are `account-settings`, `account-password`,
 * `account-lang-zh`, `account-lang-en` and `account-logout`.
 */
export function AccountMenu({ realName }: { realName: string }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'settings' | 'password' | null>(null);
  // Once opened, a dialog stays mounted so that it can play its closing animation.
  const [opened, setOpened] = useState({ settings: false, password: false });
  const lang = langOfI18n(i18n.language);

  const langItem = (value: Lang) => ({
    key: `lang:${value}`,
    label: (
      <span data-testid={`account-lang-${value}`}>{t(`language.${value}`, { ns: 'common' })}</span>
    ),
    disabled: value === lang,
  });
  const items: MenuProps['items'] = [
    { key: 'settings', label: <span data-testid="account-settings">{t('account.settings')}</span> },
    {
      key: 'password',
      label: <span data-testid="account-password">{t('account.changePassword')}</span>,
    },
    {
      key: 'lang',
      label: <span data-testid="account-lang">{t('account.language')}</span>,
      children: [langItem('zh'), langItem('en')],
    },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="account-logout">{t('account.logout')}</span> },
  ];

  async function handleClick(key: string) {
    if (key === 'settings' || key === 'password') {
      setOpened((o) => ({ ...o, [key]: true }));
      setDialog(key);
    } else if (key === 'lang:zh' || key === 'lang:en') {
      await setLang(key === 'lang:en' ? 'en' : 'zh');
    } else if (key === 'logout') {
      await logout();
      await navigate(LOGIN_PATH, { replace: true });
    }
  }

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => void handleClick(key) }}>
        <Button type="text" data-testid="account-menu" aria-label={t('account.menu')}>
          <UserOutlined />
          <span data-testid="header-real-name">{realName}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened.settings && (
          <SettingsDialog open={dialog === 'settings'} onClose={() => setDialog(null)} />
        )}
        {opened.password && (
          <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
