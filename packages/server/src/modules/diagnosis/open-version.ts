import {
  ReceiveState,
  ReportKind,
  ReportRequestKind,
  ReportRequestState,
  ReviewState,
  type ReportKindCode,
} from '@pathconsult/shared';
import type { ReceiveRow } from '../receives/repo';
import type { ReportRequestRow } from './repo';

/**
 * Which version of the report the receive's expert may write now: the first report while the
 * receive waits; after signing, a new version only when the doctor's request was agreed (a
 * modification, or the one supplementary opinion); otherwise none (null). Returned and
 * withdrawn receives take no report, nor a receive whose latest version waits for review; a
 * rejected version is written again (the receive went back to waiting, or the request stays
 * agreed).
 */
export interface OpenVersion {
  kind: ReportKindCode;
  /** The agreed request the version answers (fulfilled when it is signed). */
  request: ReportRequestRow | null;
}

export function openVersionOf(
  receive: ReceiveRow,
  requests: readonly ReportRequestRow[],
  latestSigned: { reviewState: number | null } | undefined,
): OpenVersion | null {
  if (latestSigned?.reviewState === ReviewState.Pending) {
    return null;
  }
  if (receive.state === ReceiveState.Waiting) {
    return { kind: ReportKind.Initial, request: null };
  }
  if (receive.state !== ReceiveState.Diagnosed) {
    return null;
  }
  const agreed = requests.find((r) => r.state === ReportRequestState.Agreed);
  if (!agreed) {
    return null;
  }
  return {
    kind:
      agreed.kind === ReportRequestKind.Supplementary
        ? ReportKind.Supplementary
        : ReportKind.Modification,
    request: agreed,
  };
}
