import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BackMedicalOrderInput,
  BackPatientInput,
  BackReferralInput,
  DiagnosisDraftInput,
  DiagnosisDto,
  ExpertPickPage,
  ExpertPickerQuery,
  MedicalOrderOption,
  ReportListPage,
  ReportListQuery,
  ReportRequestAddInput,
  ReportRequestAnswerInput,
  ReportDto,
  ReportReviewInput,
  ReturnList,
  ReviewListPage,
  ReviewListQuery,
} from '@pathconsult/shared';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/use-session';

/*
 * diagnosis/*: the expert's report, the returns and the doctor's requests (issue 7). Keys sit
 * under 'cases' so that every change refreshes the case lists, the case detail and the receives
 * together (a signature completes the case, a return moves it to the returned list).
 */

export function useDiagnosis(iPatientId: number) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'diagnosis', iUserId, iPatientId],
    queryFn: ({ signal }) =>
      api.get<DiagnosisDto>('diagnosis/selectDiagnosis', { query: { iPatientId }, signal }),
    enabled: iUserId !== null,
  });
}

function useCaseMutation<Input, Output = unknown>(
  path: string,
  options: { handleFailure?: boolean; alsoRefresh?: string[] } = {},
) {
  const client = useQueryClient();
  const { alsoRefresh = [], ...callOptions } = options;
  return useMutation<Output, ApiError, Input>({
    mutationFn: (body) => api.post<Output>(path, body, callOptions),
    onSettled: () =>
      Promise.all(
        ['cases', ...alsoRefresh].map((key) => client.invalidateQueries({ queryKey: [key] })),
      ),
  });
}

/** diagnosis/saveDraft; field errors go to the form. */
export const useSaveDraft = () =>
  useCaseMutation<DiagnosisDraftInput, DiagnosisDto>('diagnosis/saveDraft', {
    handleFailure: true,
    // The screenshots know their figure numbers in the draft (deleting one renumbers the rest).
    alsoRefresh: ['screenshots'],
  });

/** diagnosis/confirmDiagnosis: signs the open version. */
export const useConfirmDiagnosis = () =>
  useCaseMutation<DiagnosisDraftInput, DiagnosisDto>('diagnosis/confirmDiagnosis', {
    handleFailure: true,
    // The screenshots it shows are now in a signed report: they cannot be deleted any more.
    alsoRefresh: ['screenshots'],
  });

export const useBackPatient = () =>
  useCaseMutation<BackPatientInput>('diagnosis/backPatient', { handleFailure: true });

export const useBackReferral = () =>
  useCaseMutation<BackReferralInput>('diagnosis/backPatientReferral', { handleFailure: true });

export const useBackMedicalOrder = () =>
  useCaseMutation<BackMedicalOrderInput>('diagnosis/backPatientMedicalorder', {
    handleFailure: true,
  });

export const useApplyReportChange = () =>
  useCaseMutation<ReportRequestAddInput, { iRequestId: number }>('diagnosis/applyReportChange', {
    handleFailure: true,
  });

export const useAnswerReportChange = () =>
  useCaseMutation<ReportRequestAnswerInput>('diagnosis/answerReportChange', {
    handleFailure: true,
  });

/** patient/updatePatientReceivePrintState: a printed report is counted. */
export const useRecordPrint = () =>
  useCaseMutation<{ iReportId: number }, { iReportId: number; iPrintCount: number }>(
    'patient/updatePatientReceivePrintState',
  );

/** The order items an expert may ask for on a receive (the case hospital's dictionary). */
export function useOrderItems(iPatientReceiveId: number, enabled: boolean) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'orderItems', iUserId, iPatientReceiveId],
    queryFn: ({ signal }) =>
      api.get<MedicalOrderOption[]>('diagnosis/selectOrderItems', {
        query: { iPatientReceiveId },
        signal,
      }),
    enabled: enabled && iUserId !== null,
    staleTime: 60_000,
  });
}

/** The experts a receive's expert may refer the case to. */
export function useReferralExperts(
  iPatientReceiveId: number,
  query: ExpertPickerQuery,
  enabled: boolean,
) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'referralExperts', iUserId, iPatientReceiveId, query],
    queryFn: ({ signal }) =>
      api.get<ExpertPickPage>('diagnosis/selectReferralExperts', {
        query: { ...query, iPatientReceiveId },
        signal,
      }),
    enabled: enabled && iUserId !== null,
    placeholderData: (previous) => previous,
  });
}

/** diagnosis/selectReturns: the return detail of a case. */
export function useReturns(iPatientId: number) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'returns', iUserId, iPatientId],
    queryFn: ({ signal }) =>
      api.get<ReturnList>('diagnosis/selectReturns', { query: { iPatientId }, signal }),
    enabled: iUserId !== null,
  });
}

/** /ExpertsReorts and /DiagnosticReport: the signed reports of the expert or of the doctor. */
export function useReportList(who: 'expert' | 'doctor', query: ReportListQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'reports', who, iUserId, query],
    queryFn: ({ signal }) =>
      api.get<ReportListPage>(
        who === 'expert' ? 'diagnosis/selectExpertReports' : 'diagnosis/selectDoctorReports',
        { query: { ...query }, signal },
      ),
    enabled: iUserId !== null,
    placeholderData: (previous) => previous,
  });
}

/**
 * diagnosis/selectReviewReports: the signed versions the administrator reviews before release.
 * Under 'cases' so that a notification (a newly signed report) and every case change refresh it.
 */
export function useReviewList(query: ReviewListQuery) {
  const { iUserId } = useSession();
  return useQuery({
    queryKey: ['cases', 'reviews', iUserId, query],
    queryFn: ({ signal }) =>
      api.get<ReviewListPage>('diagnosis/selectReviewReports', { query: { ...query }, signal }),
    enabled: iUserId !== null,
    placeholderData: (previous) => previous,
  });
}

/**
 * patient/updatePatientReceiveAudit: pass or reject a pending version. A rejection's reason may
 * come back as a field error, so the caller shows failures itself.
 */
export const useReviewReport = () =>
  useCaseMutation<ReportReviewInput, ReportDto>('patient/updatePatientReceiveAudit', {
    handleFailure: true,
  });
