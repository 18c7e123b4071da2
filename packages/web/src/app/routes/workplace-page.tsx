import { Space } from 'antd';
import { useState } from 'react';
import { Authorized } from '@/components/authorized';
import { ADMIN_ROLES } from '@/config/paths';
import { AdminShortcutsCard } from '@/features/workplace/components/admin-shortcuts-card';
import { GreetingCard } from '@/features/workplace/components/greeting-card';
import { useSession } from '@/lib/use-session';

/**
 * /workplace: the home of every role. Administrators also get shortcuts to their screens; role
 * dashboards join it in later issues.
 */
export default function WorkplacePage() {
  const { user } = useSession();
  const [now] = useState(() => new Date());
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <GreetingCard user={user} now={now} />
      <Authorized roles={ADMIN_ROLES} fallback={null}>
        <AdminShortcutsCard />
      </Authorized>
    </Space>
  );
}
