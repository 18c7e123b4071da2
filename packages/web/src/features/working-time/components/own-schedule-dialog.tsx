import { useSession } from '@/lib/use-session';
import { useWorkingTimeInfo } from '../api/working-time';
import { ScheduleDialog } from './schedule-dialog';

/** "My working time" of the account menu: an expert edits their own week. */
export function OwnScheduleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { iUserId } = useSession();
  const info = useWorkingTimeInfo(iUserId, open);
  return (
    <ScheduleDialog
      open={open}
      own
      expert={info.data ?? null}
      slots={info.data?.listSlot}
      loadFailed={info.isError}
      onClose={onClose}
    />
  );
}
