import { Alert, Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import { mayStoreUserInfo } from '@/features/auth/utils/user-info';
import { saveUser } from '@/lib/session';
import { useSession } from '@/lib/use-session';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Account settings: for now the caller's own details, read-only, from getUserInfo. Editing and
 * the signature join in a later issue, which the dialog says.
 */
export function SettingsDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { iUserId } = useSession();
  const { data: user, isLoading, isError } = useUserInfo(open);

  /*
   * The answer is fresher than what login stored: keep the session's copy in step, but only while
   * the dialog shows it and only when it is the session user's own account (user-info.ts).
   */
  useEffect(() => {
    if (user && mayStoreUserInfo({ open, sessionUserId: iUserId, fetched: user })) {
      saveUser(user);
    }
  }, [open, user, iUserId]);

  const none = t('settings.none');
  return (
    <Modal
      open={open}
      title={t('settings.title')}
      onCancel={onClose}
      footer={null}
      width={768}
      destroyOnHidden
    >
      {isLoading && <Spin />}
      {isError && <Alert type="error" showIcon title={t('errors:fetchFailed')} />}
      {user && (
        <Descriptions
          data-testid="settings-user-info"
          column={2}
          bordered
          size="small"
          items={[
            { key: 'userName', label: t('settings.userName'), children: user.strUserName },
            { key: 'realName', label: t('settings.realName'), children: user.strRealName },
            {
              key: 'role',
              label: t('settings.role'),
              children: t(`role.${user.ddRoleType.iNumber}`, { ns: 'common' }),
            },
            {
              key: 'hospital',
              label: t('settings.hospital'),
              children: user.hospital?.strHospitalName ?? none,
            },
            { key: 'mobile', label: t('settings.mobile'), children: user.strMobile || none },
            { key: 'email', label: t('settings.email'), children: user.strEmail || none },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('settings.editLater')}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Password change: the form arrives in a later issue; the dialog says so and offers no submit. */
export function PasswordDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <Modal open={open} title={t('password.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph data-testid="password-later">
        {t('password.later')}
      </Typography.Paragraph>
    </Modal>
  );
}
