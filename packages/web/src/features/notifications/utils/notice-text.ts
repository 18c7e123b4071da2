import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { NoticeDto } from '@pathconsult/shared';
import { caseDetailHref } from '@/features/case-detail/utils/detail-tabs';

/** The sentence of a message in the reader's language, from its kind and parameters. */
export function noticeText(n: NoticeDto, t: TFunction): string {
  return t(`kind.${n.strKind}`, {
    defaultValue: t('kind.other'),
    actor: n.actor?.strRealName ?? t('someone'),
    num: n.strDiagnosistNum ?? '—',
    name: n.strPatientName ?? '',
    reason: n.objParams.reason ?? '',
    version: n.objParams.version ?? '',
    start: n.objParams.start ? dayjs(String(n.objParams.start)).format('YYYY-MM-DD HH:mm') : '',
  });
}

/**
 * Where a message leads: a new case to the waiting list, a booking to the appointments, a report
 * waiting for review to the reviewer's list, anything else to the case's report; nowhere for a
 * withdrawn case.
 */
export function noticeHref(n: NoticeDto): string | null {
  // Reviewers are administrators: they decide on the review list, not in the case's result tab.
  if (n.strKind === 'signForReview') {
    return '/reportReview';
  }
  // A withdrawn case is no longer the expert's to open.
  if (n.iPatientId === null || n.strKind === 'withdraw') {
    return null;
  }
  if (n.strKind === 'submit') {
    return '/waitdiagnosis';
  }
  if (n.strKind.startsWith('appointment')) {
    return '/subscribeList';
  }
  return caseDetailHref('/case/result-info', n.iPatientId);
}
