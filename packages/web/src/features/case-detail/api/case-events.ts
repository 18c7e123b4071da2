import { useQuery } from '@tanstack/react-query';
import type { PatientEventDto } from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';

/** back/selectBackByLogType: the record of a case (created, edited, withdrawn with its reason...). */
export function useCaseEvents(iPatientId: number) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'events', iUserId, iPatientId],
    queryFn: ({ signal }) =>
      api.get<PatientEventDto[]>('back/selectBackByLogType', { query: { iPatientId }, signal }),
    enabled: iUserId !== null,
    retry: false,
  });
}
