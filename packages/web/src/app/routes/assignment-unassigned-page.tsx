import { UnassignedList } from '@/features/distribution/components/unassigned-list';

/** /assignMent/unassigned: cases waiting at the administrator's diagnosis centers. */
export default function AssignmentUnassignedPage() {
  return <UnassignedList />;
}
