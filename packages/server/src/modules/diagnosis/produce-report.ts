import {
  CaseVariant,
  screenshotCaption,
  isReleased,
  ReportKind,
  ReportState,
  ReviewState,
  type Lang,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { toPatientDto } from '../patients/dto';
import { reportFormOf } from '../report-templates/service';
import type { ReportDocument, ReportKindName } from '../reports/report-document';
import { renderReportPdf } from '../reports/render-report-pdf';
import { listOfIds } from '../screenshots/repo';
import { readScreenshot } from '../screenshots/storage';
import { assertMayReadReport } from './report-access';
import * as repo from './repo';

/*
 * ProduceReport: a signed report version as the PDF the hospital prints — its form (title, logo,
 * sections), the case as entered, the version's texts, screenshots and the signature it was
 * signed with. Who may have it is report-access.ts's: the case's readers, experts only their own
 * reports; 404 otherwise. A supplementary version prints the signed report with
 * its supplementary opinion.
 */

const KIND_NAMES: Record<number, ReportKindName> = {
  [ReportKind.Initial]: 'initial',
  [ReportKind.Supplementary]: 'supplementary',
  [ReportKind.Modification]: 'modification',
};

export interface ProducedReport {
  pdf: Buffer;
  fileName: string;
  patientId: number;
}

export interface PrintRequest {
  reportId: number;
  lang: Lang;
  /** IANA zone of the printed times, already checked (lib/time-zone.ts timeZoneOr). */
  timeZone: string;
  now: Date;
}

export async function produceReport(
  { db, dataDir }: { db: Db; dataDir: string },
  actor: Actor,
  { reportId, lang, timeZone, now }: PrintRequest,
): Promise<ProducedReport> {
  const found = await repo.findReport(db, reportId);
  if (!found || found.row.state !== ReportState.Signed || !found.row.signedAt) {
    throw notFound();
  }
  const r = found.row;
  const patient = toPatientDto(await assertMayReadReport(db, actor, found));
  const docLang = lang === 'en' ? 'en' : 'zh-CN';
  const form = await reportFormOf(db, r.hospitalId, docLang);
  const doc: ReportDocument = {
    lang: docLang,
    template: form.template,
    hospital: form.hospital,
    variant: patient.ddVariant.iNumber === CaseVariant.Veterinary ? 'veterinary' : 'human',
    patient,
    report: {
      version: r.version,
      kind: KIND_NAMES[r.kind] ?? 'initial',
      result: r.result,
      opinion: r.opinion,
      supplementaryOpinions: r.supplement
        ? [{ text: r.supplement, expertName: found.expertName, signedAt: r.signedAt! }]
        : [],
      expertName: found.expertName,
      expertHospitalName: found.expertHospitalName,
      signedAt: r.signedAt!,
      signaturePng: r.signaturePng,
      screenshots: await screenshotsOf(db, dataDir, r.screenshotIds, lang),
    },
    timeZone,
    printedAt: now,
    ...unreleasedMark(r.reviewState, docLang),
  };
  return {
    pdf: await renderReportPdf(doc),
    fileName: `report-${patient.strDiagnosistNum}-v${r.version}.pdf`,
    patientId: r.patientId,
  };
}

/**
 * A version not released (under review, or rejected) is marked across every page, so that the
 * copy its expert or reviewer opens can never pass for the patient's report.
 */
function unreleasedMark(reviewState: number | null, lang: 'zh-CN' | 'en') {
  if (isReleased(reviewState)) {
    return {};
  }
  const rejected = reviewState === ReviewState.Rejected;
  const zh = rejected ? '审核驳回 未发布' : '待审核 未发布';
  const en = rejected ? 'REJECTED · NOT RELEASED' : 'UNDER REVIEW · NOT RELEASED';
  return { watermark: lang === 'en' ? en : zh };
}

/**
 * The version's screenshots in its order (one query). One whose file cannot be read keeps its
 * place (printed as missing), so that the numbers the opinion refers to stay those on screen.
 */
async function screenshotsOf(db: Db, dataDir: string, ids: readonly number[], lang: Lang) {
  const rows = ids.length === 0 ? [] : await listOfIds(db, [...ids]);
  const byId = new Map(rows.map((v) => [v.row.id, v]));
  const shots: ReportDocument['report']['screenshots'] = [];
  for (const id of ids) {
    const view = byId.get(id);
    if (!view) {
      continue;
    }
    const { row } = view;
    const mimeType = row.mimeType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    // The magnification it was taken at follows the figure's number ("图 1  20×"), and says
    // when it was past the scan's objective power ("图 1  40×（数字放大）") and when its colours
    // are not the scan's ("图 1  20×（已调整：亮度 170%）").
    const text = screenshotCaption(lang, {
      magnification: row.magnification,
      digitalZoom: row.digitalZoom,
      adjustments: row.adjustments ?? null,
    });
    const caption = text === null ? {} : { caption: text };
    const slide = view.slideName === null ? {} : { slideName: view.slideName };
    try {
      const data = await readScreenshot(
        dataDir,
        { hospitalId: row.hospitalId, patientId: row.patientId },
        row.storedName,
      );
      shots.push({ data, mimeType, ...caption, ...slide });
    } catch {
      // A screenshot file removed from disk must not keep the report from printing.
      shots.push({ data: null, mimeType, ...caption, ...slide });
    }
  }
  return shots;
}
