import { isPasswordAcceptable } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getConfig } from '../config/service';

/**
 * A new password against the configured pattern (`pwdRules`, spec §5), on top of the minimum
 * length the shared schemas check: PASSWORD_PATTERN when it does not follow it. One rule for every
 * place a user chooses a password (own change, forgot password, accounts added by administrators).
 */
export async function assertPasswordFollowsPattern(db: Db, password: string): Promise<void> {
  const config = await getConfig(db);
  if (!isPasswordAcceptable(password, config.pwdRules)) {
    throw new AppError('PASSWORD_PATTERN');
  }
}
