import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppointmentAddInput,
  AppointmentItem,
  AppointmentPage,
  AppointmentQuery,
  AppointmentSlotList,
  AppointmentStateUpdateInput,
  PatientListItem,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';
import type { CasePage } from '@/features/cases/api/cases';

/*
 * The appointment calls (issue 7 part 3). Keys hold the session's user id, like every list of
 * the app, and sit under 'appointments': a booking or an answer refreshes the list and the slots.
 */

/** patient/selectPatientAppoint: the caller's bookings (made, or of them). */
export function useAppointmentPage(query: AppointmentQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['appointments', 'page', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<AppointmentPage>('patient/selectPatientAppoint', { query: { ...query }, signal }),
    enabled: iUserId !== null,
  });
}

/** patient/selectAppointSlots: the expert's half-days of the next 14 days. */
export function useAppointmentSlots(iExpertId: number | null) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['appointments', 'slots', iUserId, iExpertId],
    queryFn: ({ signal }) =>
      api.get<AppointmentSlotList>('patient/selectAppointSlots', {
        query: { iExpertId },
        signal,
      }),
    enabled: iUserId !== null && iExpertId !== null,
    staleTime: 0,
  });
}

/**
 * The doctor's own cases a booking can be for, by pathology-number prefix: the new ones and those
 * waiting for diagnosis (a frozen section is booked before or right after sending the case).
 */
export function useBookableCases(strDiagnosistNum: string, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['appointments', 'cases', iUserId, strDiagnosistNum],
    queryFn: async ({ signal }): Promise<PatientListItem[]> => {
      const pages = await Promise.all(
        (['new', 'waiting'] as const).map((strList) =>
          api.get<CasePage>('patient/selectPatient', {
            query: {
              strList,
              strDiagnosistNum: strDiagnosistNum || undefined,
              iCurPage: 1,
              iPageSize: 10,
            },
            signal,
          }),
        ),
      );
      return pages.flatMap((p) => p.listPage);
    },
    enabled: enabled && iUserId !== null,
    placeholderData: (previous) => previous,
  });
}

/** patient/addPatientReceiveReservation; the dialog shows the failures itself. */
export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation<AppointmentItem, ApiError, AppointmentAddInput>({
    mutationFn: (body) =>
      api.post<AppointmentItem>('patient/addPatientReceiveReservation', body, {
        handleFailure: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['appointments'] }),
  });
}

/** patient/updatePatientAppointState: accept, decline (with a reason) or cancel. */
export function useChangeAppointmentState() {
  const client = useQueryClient();
  return useMutation<AppointmentItem, ApiError, AppointmentStateUpdateInput>({
    mutationFn: (body) =>
      api.post<AppointmentItem>('patient/updatePatientAppointState', body, {
        handleFailure: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['appointments'] }),
  });
}
