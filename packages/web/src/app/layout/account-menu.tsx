import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RoleType, type Lang } from '@pathconsult/shared';
import { logout } from '@/features/auth/api/logout';
import { useUploads } from '@/features/slide-upload/components/upload-context';
import { LOGIN_PATH } from '@/config/paths';
import { setLang } from '@/lib/i18n';
import { langOfI18n } from '@/lib/lang';
import { useSession } from '@/lib/use-session';
import { lazyScreen } from '@/lib/lazy-screen';
import { usePhone } from '@/lib/use-phone';

/*
 * The dialogs hold whole forms (date picker, validation): they load when first opened, so the
 * workspace frame every screen waits for does not carry them.
 */
const SettingsDialog = lazyScreen(() =>
  import('./settings-dialog').then((m) => ({ default: m.SettingsDialog })),
);
const PasswordDialog = lazyScreen(() =>
  import('./settings-dialog').then((m) => ({ default: m.PasswordDialog })),
);
const SignatureDialog = lazyScreen(() =>
  import('@/features/signature/components/signature-dialog').then((m) => ({
    default: m.SignatureDialog,
  })),
);
const OwnScheduleDialog = lazyScreen(() =>
  import('@/features/working-time/components/own-schedule-dialog').then((m) => ({
    default: m.OwnScheduleDialog,
  })),
);
const FeedbackDialog = lazyScreen(() =>
  import('@/features/feedback/components/feedback-dialog').then((m) => ({
    default: m.FeedbackDialog,
  })),
);

/**
 * The header's account dropdown: settings, password change, feedback, language, logout. Its trigger is
 * `data-testid="account-menu"`; entries are `account-settings`, `account-password`,
 * `account-signature`, `account-schedule` (experts), `account-lang-zh`, `account-lang-en`,
 * `account-feedback` and `account-logout`.
 */
const DIALOG_KEYS = ['settings', 'password', 'signature', 'schedule', 'feedback'] as const;
type DialogKey = (typeof DIALOG_KEYS)[number];
const isDialogKey = (key: string): key is DialogKey =>
  (DIALOG_KEYS as readonly string[]).includes(key);

export function AccountMenu({ realName }: { realName: string }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const { iRoleType } = useSession();
  const [dialog, setDialog] = useState<DialogKey | null>(null);
  // Once opened, a dialog stays mounted so that it can play its closing animation.
  const [opened, setOpened] = useState<ReadonlySet<DialogKey>>(new Set());
  const lang = langOfI18n(i18n.language);
  const { manager } = useUploads();
  const { modal } = App.useApp();
  // On a phone the name heads the menu instead of standing in the header, where it left the
  // site's name no room ("PathConsult remote patholog…").
  const phone = usePhone();

  const langItem = (value: Lang) => ({
    key: `lang:${value}`,
    label: (
      <span data-testid={`account-lang-${value}`}>{t(`language.${value}`, { ns: 'common' })}</span>
    ),
    disabled: value === lang,
  });
  const items: MenuProps['items'] = [
    ...(phone
      ? [
          {
            key: 'who',
            // Read as a heading, not greyed out as a choice that is switched off.
            label: (
              <span data-testid="account-menu-name" className="account-menu-name">
                {realName}
              </span>
            ),
            disabled: true,
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'settings', label: <span data-testid="account-settings">{t('account.settings')}</span> },
    {
      key: 'password',
      label: <span data-testid="account-password">{t('account.changePassword')}</span>,
    },
    {
      key: 'signature',
      label: <span data-testid="account-signature">{t('title', { ns: 'signature' })}</span>,
    },
    // Experts keep their own working time (spec §3 "Expert schedule").
    ...(iRoleType === RoleType.Expert
      ? [
          {
            key: 'schedule',
            label: (
              <span data-testid="account-schedule">{t('menu.own', { ns: 'workingTime' })}</span>
            ),
          },
        ]
      : []),
    {
      key: 'feedback',
      label: <span data-testid="account-feedback">{t('menuEntry', { ns: 'feedback' })}</span>,
    },
    {
      // A group rather than a sub-menu: at the right edge of the screen a sub-menu would open
      // off-screen, and both choices are one click away this way.
      type: 'group',
      key: 'lang',
      label: <span data-testid="account-lang">{t('account.language')}</span>,
      children: [langItem('zh'), langItem('en')],
    },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="account-logout">{t('account.logout')}</span> },
  ];

  async function handleClick(key: string) {
    if (isDialogKey(key)) {
      setOpened((o) => new Set(o).add(key));
      setDialog(key);
    } else if (key === 'lang:zh' || key === 'lang:en') {
      await setLang(key === 'lang:en' ? 'en' : 'zh');
    } else if (key === 'logout') {
      // A slide being uploaded is paused by the logout: said first, not found out later.
      if (manager?.getSnapshot().uploading) {
        modal.confirm({
          title: t('account.logoutUploadingTitle'),
          content: t('account.logoutUploadingContent'),
          okText: t('account.logout'),
          okButtonProps: { danger: true, ...{ 'data-testid': 'account-logout-confirm' } },
          autoFocusButton: 'cancel',
          onOk: () => logOut(),
        });
        return;
      }
      await logOut();
    }
  }

  async function logOut() {
    // Paused as by its user (the server would refuse its next chunks as from an ended session,
    // and the item read "login timed out" once its user came back), and the queue is put away
    // with the chosen files: the next user of the browser neither sees nor sends them.
    manager?.switchUser(null);
    await logout();
    await navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => void handleClick(key) }}>
        <Button type="text" data-testid="account-menu" aria-label={t('account.menu')}>
          <UserOutlined />
          {!phone && <span data-testid="header-real-name">{realName}</span>}
          <DownOutlined />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened.has('settings') && (
          <SettingsDialog open={dialog === 'settings'} onClose={() => setDialog(null)} />
        )}
        {opened.has('password') && (
          <PasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
        )}
        {opened.has('signature') && (
          <SignatureDialog open={dialog === 'signature'} onClose={() => setDialog(null)} />
        )}
        {opened.has('schedule') && (
          <OwnScheduleDialog open={dialog === 'schedule'} onClose={() => setDialog(null)} />
        )}
        {opened.has('feedback') && (
          <FeedbackDialog open={dialog === 'feedback'} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
