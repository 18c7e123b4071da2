import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@/lib/session';
import { dayPartOf } from '../utils/greeting';

interface GreetingCardProps {
  user: SessionUser | null;
  /** The time the greeting is for; passed in so the card shows one value for the whole render. */
  now: Date;
}

/** Home greeting by time of day with the user's name, role and institution (spec §2). */
export function GreetingCard({ user, now }: GreetingCardProps) {
  const { t } = useTranslation(['workplace', 'common']);
  const role = user?.ddRoleType.iNumber;
  return (
    <Card>
      <Typography.Title level={3} data-testid="workplace-greeting">
        {t(`greeting.${dayPartOf(now.getHours())}`, { name: user?.strRealName ?? '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('welcome')}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'role',
            label: t('role'),
            children: t(role ? `role.${role}` : 'role.none', { ns: 'common' }),
          },
          {
            key: 'hospital',
            label: t('hospital'),
            children: user?.hospital?.strHospitalName ?? t('noHospital'),
          },
        ]}
      />
    </Card>
  );
}
