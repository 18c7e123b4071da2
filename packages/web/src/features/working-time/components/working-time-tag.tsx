import { Spin } from 'antd';
import { useWorkingTimeInfo } from '../api/working-time';
import { WorkingTimeSummary } from './working-time-summary';

/**
 * The week of one expert, fetched by id: for expert pickers that list experts without their
 * weeks (issue 7). Shows nothing when the expert is out of the caller's reach (404).
 */
export function WorkingTimeTag({ iUserId }: { iUserId: number }) {
  const info = useWorkingTimeInfo(iUserId);
  if (info.isLoading) {
    return <Spin size="small" />;
  }
  if (!info.data) {
    return null;
  }
  return <WorkingTimeSummary slots={info.data.listSlot} testId={`working-time-${iUserId}`} />;
}
