import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ChangePasswordDialog } from '@/features/account/components/change-password-dialog';
import { OwnAccountDialog } from '@/features/account/components/own-account-dialog';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import { mayStoreUserInfo } from '@/features/auth/utils/user-info';
import { useConfig } from '@/features/config/api/get-config';
import { LOGIN_PATH } from '@/config/paths';
import { saveUser } from '@/lib/session';
import { forgetReturnTo } from '@/lib/return-to';
import { endSession } from '@/lib/session-lifecycle';
import { useSession } from '@/lib/use-session';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** Account settings: the caller's own account (getUserInfo) in the own-account form. */
export function SettingsDialog({ open, onClose }: DialogProps) {
  const { iUserId } = useSession();
  const info = useUserInfo(open);

  /*
   * The answer is fresher than what login stored: keep the session's copy in step, but only while
   * the dialog shows it and only when it is the session user's own account (user-info.ts).
   */
  useEffect(() => {
    if (info.data && mayStoreUserInfo({ open, sessionUserId: iUserId, fetched: info.data })) {
      saveUser(info.data);
    }
  }, [open, info.data, iUserId]);

  return (
    <OwnAccountDialog
      open={open}
      user={info.data}
      loading={info.isLoading}
      loadFailed={info.isError}
      onClose={onClose}
    />
  );
}

/**
 * Password change. A changed password ends the session on the server; half a second later the
 * browser ends it too and shows the login page (spec §4).
 */
export function PasswordDialog({ open, onClose }: DialogProps) {
  const { iUserId } = useSession();
  const config = useConfig();
  const navigate = useNavigate();
  return (
    <ChangePasswordDialog
      open={open}
      iUserId={iUserId}
      pwdRules={config?.pwdRules}
      onClose={onClose}
      onChanged={() => {
        forgetReturnTo();
        endSession();
        void navigate(LOGIN_PATH, { replace: true });
      }}
    />
  );
}
