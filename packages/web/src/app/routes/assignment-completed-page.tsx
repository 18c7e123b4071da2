import { CompletedList } from '@/features/distribution/components/completed-list';

/** /assignMent/completed: the cases the administrator's centers distributed. */
export default function AssignmentCompletedPage() {
  return <CompletedList />;
}
