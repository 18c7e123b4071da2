import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserById } from '../api/users';

/**
 * "Created by" of a user row. The list answers only the creator's id; the name is looked up once
 * per creator (administrators, so few). A creator out of the caller's view shows as its id.
 */
export function CreatorName({
  creatorId,
  sessionUserId,
}: {
  creatorId: number | null;
  sessionUserId: number | null;
}) {
  const { t } = useTranslation('users');
  const known = creatorId !== null && creatorId !== sessionUserId;
  const creator = useUserById(known ? creatorId : null);
  if (creatorId === null) {
    return <Typography.Text type="secondary">{t('list.bySystem')}</Typography.Text>;
  }
  if (creatorId === sessionUserId) {
    return <span>{t('list.byMe')}</span>;
  }
  if (creator.data) {
    return <span title={creator.data.strUserName}>{creator.data.strRealName}</span>;
  }
  return <Typography.Text type="secondary">#{creatorId}</Typography.Text>;
}
