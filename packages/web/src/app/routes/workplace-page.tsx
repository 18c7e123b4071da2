import { useState } from 'react';
import { GreetingCard } from '@/features/workplace/components/greeting-card';
import { useSession } from '@/lib/use-session';

/** /workplace: the home of every role. Role dashboards join it in later issues. */
export default function WorkplacePage() {
  const { user } = useSession();
  const [now] = useState(() => new Date());
  return <GreetingCard user={user} now={now} />;
}
